#!/usr/bin/env bash
# Makes a Docker engine answer on this machine, for .ci/run and for anyone running the container
# tests by hand:
#   - installs what is missing of Debian's docker.io (engine + a CLI with BuildKit built in),
#     debootstrap (the base image is built from Debian packages, none can be pulled) and
#     docker-compose (Debian's Compose 1.29; Compose v2 is used instead when its plugin is there);
#   - starts dockerd in the background when nothing answers (systemd's unit where systemd runs,
#     else dockerd itself, logging to scripts/images/.cache/run/dockerd.log).
# A dockerd started here is recorded in .cache/run/dockerd.pid, and only that one is stopped by
# scripts/images/stop-docker.sh. Needs root or sudo for the install and the start.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
RUN_DIR="$IMAGES_CACHE/run"
mkdir -p "$RUN_DIR"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"

need=()
command -v dockerd >/dev/null 2>&1 || need+=(docker.io)
command -v debootstrap >/dev/null 2>&1 || need+=(debootstrap)
{ "$DOCKER" compose version >/dev/null 2>&1 || command -v docker-compose >/dev/null 2>&1; } || need+=(docker-compose)
if [ ${#need[@]} -gt 0 ]; then
  log "installing Debian packages: ${need[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends "${need[@]}" >"$RUN_DIR/apt.log" 2>&1 \
    || { tail -n 30 "$RUN_DIR/apt.log" >&2; exit 1; }
  unset DOCKER && pick_docker
fi

if docker_up; then
  log "Docker engine answers ($("$DOCKER" version --format '{{.Server.Version}}' 2>/dev/null), client $DOCKER)"
  exit 0
fi

if [ -d /run/systemd/system ]; then
  log "starting the docker service (systemd)"
  $SUDO systemctl start docker
else
  # A daemon killed without cleaning up leaves its pid file, and a new one refuses to start.
  if [ -f /var/run/docker.pid ] && ! kill -0 "$(cat /var/run/docker.pid)" 2>/dev/null; then $SUDO rm -f /var/run/docker.pid; fi
  log "starting dockerd in the background (log: $RUN_DIR/dockerd.log)"
  # Own session and no inherited descriptors: the daemon must not hold the caller's output open
  # (a CI runner waits for that to close) nor die with the caller's process group.
  $SUDO setsid nohup dockerd >"$RUN_DIR/dockerd.log" 2>&1 </dev/null &
  echo $! >"$RUN_DIR/dockerd.pid"
fi
for _ in $(seq 1 120); do
  docker_up && break
  sleep 0.5
done
if ! docker_up; then
  log "the Docker engine did not answer within 60 s; last lines of its log:"
  tail -n 30 "$RUN_DIR/dockerd.log" >&2 2>/dev/null || true
  exit 1
fi
log "Docker engine $("$DOCKER" version --format '{{.Server.Version}}') answers (storage driver $("$DOCKER" info --format '{{.Driver}}'))"
