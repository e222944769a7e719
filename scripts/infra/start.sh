#!/usr/bin/env bash
# Starts single-node Kafka (KRaft), the Mongo-protocol server and redis-server on loopback, waits
# until each answers its own protocol, and prints the variables the tests read. Idempotent: a server
# this script already started and that still answers is left alone.
#   eval "$(bash scripts/infra/start.sh)"   # exports KAFKA_BROKERS, MONGO_URL, REDIS_URL
# Logs and pid files: scripts/infra/.cache/run/. Stop with scripts/infra/stop.sh.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"
PROBE="$INFRA_DIR/probe.mjs"

bash "$INFRA_DIR/fetch.sh" >&2

start_kafka() {
  if running kafka; then log "kafka already running (pid $(cat "$INFRA_RUN/kafka.pid"))"; return; fi
  local data="$INFRA_RUN/kafka-data" props="$INFRA_RUN/kafka-server.properties"
  # A fresh log directory each start: tests expect an empty broker, and the format step needs one.
  rm -rf "$data"
  cat >"$props" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$INFRA_HOST:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$INFRA_HOST:$KAFKA_PORT,CONTROLLER://$INFRA_HOST:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$INFRA_HOST:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
log.dirs=$data
num.partitions=1
default.replication.factor=1
offsets.topic.replication.factor=1
offsets.topic.num.partitions=4
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
# The adapter creates its topics at start; a typo'd topic must fail instead of appearing silently.
auto.create.topics.enable=false
delete.topic.enable=true
group.initial.rebalance.delay.ms=0
# Flushing is left to the OS as in production (durability comes from replication and acks=all);
# an fsync per message made every publish wait on the disk.
PROPS
  local jvm=(-Xms128m -Xmx512m -XX:+UseSerialGC -Djava.awt.headless=true
    "-Dlog4j.configuration=file:$INFRA_DIR/kafka/log4j.properties" "-Dkafka.logs.dir=$INFRA_RUN")
  local cluster_id
  # A base64url id may start with '-', which the storage tool would read as an option: draw again.
  cluster_id="$(node -e "const c=require('node:crypto');let id;do{id=c.randomBytes(16).toString('base64url')}while(id.startsWith('-'));console.log(id)")"
  java "${jvm[@]}" -cp "$KAFKA_LIB/*" kafka.tools.StorageTool format -t "$cluster_id" -c "$props" >"$INFRA_RUN/kafka-format.log" 2>&1 \
    || { cat "$INFRA_RUN/kafka-format.log" >&2; exit 1; }
  nohup java "${jvm[@]}" -cp "$KAFKA_LIB/*" kafka.Kafka "$props" >"$INFRA_RUN/kafka.log" 2>&1 &
  echo $! >"$INFRA_RUN/kafka.pid"
  log "kafka starting on $INFRA_KAFKA_BROKERS (pid $!)"
}

start_mongo() {
  if running mongo; then log "mongo-java-server already running (pid $(cat "$INFRA_RUN/mongo.pid"))"; return; fi
  nohup java -Xms64m -Xmx384m -XX:+UseSerialGC -Dorg.slf4j.simpleLogger.defaultLogLevel=warn -cp "$MONGO_LIB/*:$MONGO_CLASSES" MongoProtocolServer "$INFRA_HOST" "$MONGO_PORT" \
    >"$INFRA_RUN/mongo.log" 2>&1 &
  echo $! >"$INFRA_RUN/mongo.pid"
  log "mongo-java-server starting on $INFRA_MONGO_URL (pid $!)"
}

start_redis() {
  if running redis; then log "redis already running (pid $(cat "$INFRA_RUN/redis.pid"))"; return; fi
  command -v redis-server >/dev/null || { log "redis-server is not installed (scripts/ci/install-system-packages.sh installs it)"; exit 1; }
  nohup redis-server --bind "$INFRA_HOST" --port "$REDIS_PORT" --save '' --appendonly no --daemonize no \
    --dir "$INFRA_RUN" >"$INFRA_RUN/redis.log" 2>&1 &
  echo $! >"$INFRA_RUN/redis.pid"
  log "redis starting on $INFRA_REDIS_URL (pid $!)"
}

await() {
  local kind="$1" target="$2" started=$SECONDS
  if ! node "$PROBE" "$kind" "$target" 90; then
    log "$kind failed to start; last lines of its log:"
    tail -n 30 "$INFRA_RUN/$kind.log" >&2 || true
    exit 1
  fi
  log "$kind answers at $target (waited $((SECONDS - started))s)"
}

start_kafka
start_mongo
start_redis
await redis "$INFRA_REDIS_URL"
await mongo "$INFRA_MONGO_URL"
await kafka "$INFRA_KAFKA_BROKERS"

echo "export KAFKA_BROKERS=$INFRA_KAFKA_BROKERS"
echo "export MONGO_URL=$INFRA_MONGO_URL"
echo "export REDIS_URL=$INFRA_REDIS_URL"
