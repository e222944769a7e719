#!/bin/bash
# The tool apache/kafka's image has at this path (docker-compose.yml's healthcheck runs it). A short
# JVM: it runs every few seconds while the stack starts, on machines with two cores.
exec java -Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto \
  -Dlog4j.configuration=file:/opt/kafka/config/tools-log4j.properties \
  -cp '/opt/kafka/libs/*' kafka.admin.BrokerApiVersionsCommand "$@"
