#!/bin/sh
# Started without a config file, redis-server listens on every interface but in protected mode,
# which refuses every client that is not on loopback: useless in a container. The official image
# turns protected mode off at build time; this does the same at start, unless the command says.
set -e
if [ "$1" = "redis-server" ]; then
  case " $* " in
    *" --protected-mode "*) ;;
    *) set -- "$@" --protected-mode no ;;
  esac
fi
exec "$@"
