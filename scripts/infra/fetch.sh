#!/usr/bin/env bash
# Downloads the Kafka broker and mongo-java-server jars from Maven Central once, and compiles the
# tiny Mongo launcher. A stamp of pom.xml + the launcher source decides whether anything changed,
# so a second run does nothing.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/env.sh"

stamp="$(cat "$INFRA_DIR/pom.xml" "$INFRA_DIR/mongo/MongoProtocolServer.java" | sha256sum | cut -c1-16)"
if [ -f "$INFRA_CACHE/fetched.$stamp" ] && [ -d "$KAFKA_LIB" ] && [ -f "$MONGO_CLASSES/MongoProtocolServer.class" ]; then
  exit 0
fi
command -v mvn >/dev/null || { log "mvn (Maven) is required to fetch the Kafka and Mongo jars"; exit 1; }
command -v javac >/dev/null || { log "javac (JDK 17+) is required"; exit 1; }

log "fetching Kafka and mongo-java-server jars from Maven Central"
rm -rf "$KAFKA_LIB" "$MONGO_LIB" "$MONGO_CLASSES" "$INFRA_CACHE"/fetched.*
mvn_log="$INFRA_CACHE/mvn.log"
if ! ( cd "$INFRA_DIR"
  mvn -B -Pkafka dependency:copy-dependencies -DoutputDirectory="$KAFKA_LIB"
  mvn -B -Pmongo dependency:copy-dependencies -DoutputDirectory="$MONGO_LIB" ) >"$mvn_log" 2>&1; then
  tail -n 40 "$mvn_log" >&2
  exit 1
fi
mkdir -p "$MONGO_CLASSES"
javac -d "$MONGO_CLASSES" -cp "$MONGO_LIB/*" "$INFRA_DIR/mongo/MongoProtocolServer.java"
touch "$INFRA_CACHE/fetched.$stamp"
log "jars cached under $INFRA_CACHE"
