#!/usr/bin/env bash
# Stops the dockerd that ensure-docker.sh started (its pid file only; an engine that was already
# running, or one systemd manages, is left alone). Containers stop with it; images and the build
# cache stay on disk for the next run.
set -uo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"
pidfile="$IMAGES_CACHE/run/dockerd.pid"
[ -f "$pidfile" ] || exit 0
pid="$(cat "$pidfile")"
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
if kill -0 "$pid" 2>/dev/null || $SUDO kill -0 "$pid" 2>/dev/null; then
  $SUDO kill -TERM "$pid" 2>/dev/null
  for _ in $(seq 1 60); do $SUDO kill -0 "$pid" 2>/dev/null || break; sleep 0.5; done
  if $SUDO kill -0 "$pid" 2>/dev/null; then log "dockerd (pid $pid) ignored SIGTERM for 30 s; killing"; $SUDO kill -KILL "$pid" 2>/dev/null; fi
  log "dockerd (pid $pid) stopped"
fi
rm -f "$pidfile"
