#!/bin/bash
# Takes mongod's own flags, so a compose file written for mongo:7.0 can start it: --bind_ip_all,
# --bind_ip <ip>, --port <n>, --dbpath <dir> (without it the data lives in memory). --replSet is refused by name: this server cannot be a replica set,
# and a client told replicaSet=... would wait for a primary that never comes.
set -euo pipefail
host=127.0.0.1
port=27017
dbpath=
while [ $# -gt 0 ]; do
  case "$1" in
    --bind_ip_all) host=0.0.0.0 ;;
    --bind_ip) host="${2%%,*}"; shift ;;
    --port) port="$2"; shift ;;
    # As mongod: the data lives in this folder and survives a restart (H2 MVStore, one file).
    --dbpath) dbpath="$2"; shift ;;
    --replSet)
      echo "mongo-java-server stand-in: --replSet is not supported (no replica set); connect without replicaSet=" >&2
      exit 64 ;;
    *) echo "mongo-java-server stand-in: ignoring mongod flag $1" >&2 ;;
  esac
  shift
done
exec java ${MONGO_JAVA_OPTS:--Xms64m -Xmx384m} -XX:+UseSerialGC -Dorg.slf4j.simpleLogger.defaultLogLevel=warn \
  -cp '/opt/mongo-java-server/lib/*:/opt/mongo-java-server/classes' MongoProtocolServer "$host" "$port" ${dbpath:+"$dbpath/vanhop.mv.db"}
