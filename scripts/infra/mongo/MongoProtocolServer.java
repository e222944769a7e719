import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.MongoVersion;
import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;
import java.util.List;
import java.util.concurrent.CountDownLatch;

/**
 * Serves the MongoDB wire protocol from memory on loopback for the mongodb-driver adapter tests.
 * Usage: java -cp 'lib/*:classes' MongoProtocolServer <host> <port> [data file]
 * With a data file the documents live in it (H2 MVStore) and survive a restart, as mongod's do;
 * without one they live in memory (the adapter tests, which want a clean server each run).
 * mongo-java-server 1.47.0 (the newest release) reports at most wire version 8, but the Node.js
 * mongodb driver 7 refuses servers below wire version 9 (MongoDB 4.4). The commands our adapter
 * sends (OP_MSG find/insert/update/delete/findAndModify/createIndexes/count) are the same at both
 * versions, so the server announces 4.4 / wire 9; the adapter contract suite proves it works.
 */
public final class MongoProtocolServer {
  private static final MongoVersion MONGO_4_4 = new MongoVersion() {
    @Override public List<Integer> getVersionArray() { return List.of(4, 4, 0); }
    @Override public int getWireVersion() { return 9; }
  };

  public static void main(String[] args) throws InterruptedException {
    String host = args.length > 0 ? args[0] : "127.0.0.1";
    int port = args.length > 1 ? Integer.parseInt(args[1]) : 27017;
    String dataFile = args.length > 2 ? args[2] : null;
    MongoBackend backend = dataFile == null ? new MemoryBackend().version(MONGO_4_4) : new H2Backend(dataFile).version(MONGO_4_4);
    MongoServer server = new MongoServer(backend);
    server.bind(host, port);
    System.out.println("mongo-java-server listening on " + host + ":" + port + (dataFile == null ? " (in memory)" : " (data in " + dataFile + ")"));
    CountDownLatch stopped = new CountDownLatch(1);
    // SIGTERM from stop.sh: close client connections cleanly before the JVM exits.
    Runtime.getRuntime().addShutdownHook(new Thread(() -> {
      server.shutdownNow();
      stopped.countDown();
    }));
    stopped.await();
  }
}
