# Shared settings for the infra scripts (sourced, not run). Every value can be overridden from the
# environment so two checkouts on one machine can run side by side.
INFRA_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
INFRA_CACHE="${INFRA_CACHE:-$INFRA_DIR/.cache}"
INFRA_RUN="$INFRA_CACHE/run"
INFRA_HOST=127.0.0.1
KAFKA_PORT="${KAFKA_PORT:-19092}"
KAFKA_CONTROLLER_PORT="${KAFKA_CONTROLLER_PORT:-19093}"
MONGO_PORT="${MONGO_PORT:-27018}"
REDIS_PORT="${REDIS_PORT:-16379}"
export INFRA_KAFKA_BROKERS="$INFRA_HOST:$KAFKA_PORT"
export INFRA_MONGO_URL="mongodb://$INFRA_HOST:$MONGO_PORT"
export INFRA_REDIS_URL="redis://$INFRA_HOST:$REDIS_PORT"
KAFKA_LIB="$INFRA_CACHE/kafka-lib"
MONGO_LIB="$INFRA_CACHE/mongo-lib"
MONGO_CLASSES="$INFRA_CACHE/mongo-classes"
mkdir -p "$INFRA_RUN"

log() { echo "[infra] $*" >&2; }

# True when a process from our pid file is still alive (never looks at processes we did not start).
running() {
  local pidfile="$INFRA_RUN/$1.pid"
  [ -f "$pidfile" ] && kill -0 "$(cat "$pidfile")" 2>/dev/null
}
