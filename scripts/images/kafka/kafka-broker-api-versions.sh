#!/bin/bash
# The tool apache/kafka's image has at this path, for an operator's `docker exec` (the compose
# healthcheck asks the broker from bash instead: this JVM costs about a second of CPU a run).
exec java -Xmx64m -XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Xshare:auto \
  -Dlog4j.configuration=file:/opt/kafka/config/tools-log4j.properties \
  -cp '/opt/kafka/libs/*' kafka.admin.BrokerApiVersionsCommand "$@"
