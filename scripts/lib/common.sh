# What the scripts share: messages, free ports, waiting for a server, reading habitat-bench's JSON.
# Source it after setting NAME (the script's name, for its error messages).

say() { printf '%s\n' "$*" >&2; }
die() { say "${NAME:-script}: $*"; exit 1; }

# free_port: a loopback TCP port nothing listens on.
free_port() {
    local port
    for _ in $(seq 1 200); do
        # Below Linux's ephemeral range (32768 and up), where a client's own connections take their ports.
        port=$((20000 + RANDOM % 12000))
        if ! (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; then
            echo "$port"
            return
        fi
    done
    die "no free port found"
}

# wait_port PORT PID [TRIES]: until something listens on PORT (1 if PID died first or TRIES tenths of a second passed).
wait_port() {
    for _ in $(seq 1 "${3:-300}"); do
        if (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; then return 0; fi
        kill -0 "$2" 2>/dev/null || return 1
        sleep 0.1
    done
    return 1
}

# json_get FILE KEY: one top-level value of a JSON object.
json_get() {
    if command -v jq >/dev/null; then
        jq -r ".$2" "$1"
    else
        python3 -c 'import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])' "$1" "$2"
    fi
}
