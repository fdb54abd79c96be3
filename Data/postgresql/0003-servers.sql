-- Many servers on one database, telling each other's users what happens. Each running server has a row in
-- `server_node`, made by its listening connection: it is alive while that connection is (PostgreSQL's
-- `pg_stat_activity` has the connection's process and start), so a server killed outright is seen as gone at once,
-- with no heartbeat to wait out. `server_listener` says whose events a server can hand to someone now: a user with a
-- connection there, or a chat user whose bridge is connected there. An event for users of other servers goes through
-- `habitat_relay(node, body)`: kept in `relayed_event` (a server that lost its connection catches up on what it missed)
-- and said on the channel `habitat_event` as `<node> <id>`, followed by the body when it fits a notification.
CREATE TABLE server_node (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    backend_pid integer NOT NULL,
    backend_start timestamptz NOT NULL
);

CREATE TABLE server_listener (
    account_id bigint NOT NULL REFERENCES account (id) ON DELETE CASCADE,
    node_id bigint NOT NULL REFERENCES server_node (id) ON DELETE CASCADE,
    PRIMARY KEY (account_id, node_id)
);
CREATE INDEX server_listener_node ON server_listener (node_id);

CREATE TABLE relayed_event (
    id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    node_id bigint NOT NULL,
    body text NOT NULL,
    created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX relayed_event_created ON relayed_event (created_at);

-- A server's own row, made on its listening connection; the rows of servers whose connection is gone are let go.
CREATE FUNCTION habitat_node() RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    made bigint;
BEGIN
    DELETE FROM server_node n WHERE NOT EXISTS (
        SELECT 1 FROM pg_stat_activity a WHERE a.pid = n.backend_pid AND a.backend_start = n.backend_start);
    INSERT INTO server_node (backend_pid, backend_start)
        SELECT pid, backend_start FROM pg_stat_activity WHERE pid = pg_backend_pid()
        RETURNING id INTO made;
    RETURN made;
END
$$;

-- Keeps an event for the other servers and tells them. Events older than an hour are let go now and then: a server
-- away longer than that has had every connection of its own closed long since.
CREATE FUNCTION habitat_relay(p_node bigint, p_body text) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    kept bigint;
BEGIN
    INSERT INTO relayed_event (node_id, body) VALUES (p_node, p_body) RETURNING id INTO kept;
    IF octet_length(p_body) <= 7000 THEN
        PERFORM pg_notify('habitat_event', p_node || ' ' || kept || ' ' || p_body);
    ELSE
        PERFORM pg_notify('habitat_event', p_node || ' ' || kept);
    END IF;
    IF kept % 1000 = 0 THEN
        DELETE FROM relayed_event WHERE created_at < now() - interval '1 hour';
    END IF;
    RETURN kept;
END
$$;
