#!/bin/bash
# Writes server.properties from defaults for one KRaft node plus every KAFKA_<NAME> variable
# (apache/kafka's rule: '_' → '.', '__' → '_', '___' → '-'), formats the log directory once, then
# runs the broker as PID 1 so `docker stop` reaches it.
set -euo pipefail
props=/var/lib/kafka/server.properties
declare -A p=(
  [node.id]=1
  [process.roles]=broker,controller
  [listeners]=PLAINTEXT://:9092,CONTROLLER://:9093
  [advertised.listeners]=PLAINTEXT://localhost:9092
  [controller.listener.names]=CONTROLLER
  [inter.broker.listener.name]=PLAINTEXT
  [listener.security.protocol.map]=CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT
  [controller.quorum.voters]=1@localhost:9093
  [log.dirs]=/var/lib/kafka/data
  [num.partitions]=1
  [offsets.topic.replication.factor]=1
  [transaction.state.log.replication.factor]=1
  [transaction.state.log.min.isr]=1
  [group.initial.rebalance.delay.ms]=0
)
for var in $(compgen -e); do
  case "$var" in
    KAFKA_HEAP_OPTS | KAFKA_JVM_OPTS | KAFKA_CLUSTER_ID) continue ;;
    KAFKA_*) ;;
    *) continue ;;
  esac
  name="${var#KAFKA_}"
  name="${name,,}"
  name="${name//___/-}"
  name="${name//__/@}"
  name="${name//_/.}"
  name="${name//@/_}"
  p[$name]="${!var}"
done
: >"$props"
for k in "${!p[@]}"; do echo "$k=${p[$k]}" >>"$props"; done

jvm=(${KAFKA_HEAP_OPTS:--Xms128m -Xmx512m} -XX:+UseSerialGC -Djava.awt.headless=true
  -Dlog4j.configuration=file:/opt/kafka/config/log4j.properties ${KAFKA_JVM_OPTS:-})
cluster_id="${KAFKA_CLUSTER_ID:-}"
# A restarted container keeps its log directory, and the directory its cluster id: formatting with
# another id is refused, so the broker would never start again.
meta=/var/lib/kafka/data/meta.properties
if [ -z "$cluster_id" ] && [ -f "$meta" ]; then
  cluster_id="$(sed -n 's/^cluster\.id=//p' "$meta")"
fi
# A base64url id may start with '-', which the storage tool would read as an option: draw again.
while [ -z "$cluster_id" ] || [ "${cluster_id:0:1}" = "-" ]; do
  cluster_id="$(head -c 16 /dev/urandom | base64 | tr '+/' '-_' | tr -d '=')"
done
# --ignore-formatted: a formatted directory (a restart) is kept as it is.
java "${jvm[@]}" -cp '/opt/kafka/libs/*' kafka.tools.StorageTool format --ignore-formatted -t "$cluster_id" -c "$props" >/dev/null
exec java "${jvm[@]}" -cp '/opt/kafka/libs/*' kafka.Kafka "$props"
