# Sourced by bin/serve and bin/servectl (from the project's root): the variables
# deploy/supervisord.conf reads, with their defaults; a bad value stops with a message.

whole_number() {  # NAME LOW HIGH
  local value="${!1}"
  if ! [[ "$value" =~ ^[1-9][0-9]*$ ]] || ((value < $2 || value > $3)); then
    echo "$1=$value must be a whole number from $2 to $3." >&2
    exit 1
  fi
}

export HOST="${HOST:-127.0.0.1}" PORT="${PORT:-8000}"
export WEB_PROCESSES="${WEB_PROCESSES:-1}" WORKER_PROCESSES="${WORKER_PROCESSES:-1}"
export REDIS_URL="${REDIS_URL:-redis://127.0.0.1:6379/0}"
CARDCLUB_VAR_DIR=$(realpath -m "${CARDCLUB_VAR_DIR:-var}")
export CARDCLUB_VAR_DIR
whole_number WEB_PROCESSES 1 64
whole_number WORKER_PROCESSES 1 64
whole_number PORT 1 $((65536 - WEB_PROCESSES))
