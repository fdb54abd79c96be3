-- Many servers on one database. Each keeps the games it has used in memory; a change of a user's game starts from that
-- copy only if no other server has changed the game since. `version` counts an account's committed changes; a change
-- takes its turn with `habitat_turn(account, known)`, which locks the account's row for the rest of the transaction,
-- counts the change, and fails with SQLSTATE HB409 when the server's copy (`known`, the version it last saw) is older
-- than the database's: the server then reads the game again and runs the change on it. `known` NULL skips the check
-- (the game is read under the lock). Each change also says so on the channel `habitat_game` (`<account> <version>`,
-- sent when it commits): the other servers let go of their old copy at once, so what they show is current too.
ALTER TABLE account ADD COLUMN version bigint NOT NULL DEFAULT 0;

CREATE FUNCTION habitat_turn(p_account bigint, p_known bigint) RETURNS bigint LANGUAGE plpgsql AS $$
DECLARE
    counted bigint;
BEGIN
    UPDATE account SET version = version + 1 WHERE id = p_account RETURNING version INTO counted;
    IF p_known IS NOT NULL AND counted IS DISTINCT FROM p_known + 1 THEN
        RAISE EXCEPTION 'account % was changed by another server', p_account USING ERRCODE = 'HB409';
    END IF;
    PERFORM pg_notify('habitat_game', p_account || ' ' || counted);
    RETURN counted;
END
$$;
