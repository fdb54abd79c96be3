import Testing

@testable import HabitatPostgres

@Suite("A SQL file cut into statements")
struct SQLStatementsTests {
    @Test func statementsAreCutAtSemicolonsOutsideStringsNamesCommentsAndBodies() {
        let sql = """
            -- a comment; not a statement
            CREATE TABLE "odd;name" (a text DEFAULT 'x;y', b text DEFAULT 'it''s; fine');
            /* a block; comment */
            CREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$
            BEGIN
                RAISE EXCEPTION 'no; never';
            END
            $$;
            CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $body$ SELECT 1; $body$;
            SELECT $1;
            -- the end

            """
        #expect(SQLStatements.split(sql) == [
            "-- a comment; not a statement\nCREATE TABLE \"odd;name\" (a text DEFAULT 'x;y', b text DEFAULT 'it''s; fine')",
            "/* a block; comment */\nCREATE FUNCTION f() RETURNS trigger LANGUAGE plpgsql AS $$\nBEGIN\n    RAISE EXCEPTION 'no; never';\nEND\n$$",
            "CREATE FUNCTION g() RETURNS int LANGUAGE sql AS $body$ SELECT 1; $body$",
            "SELECT $1",
        ])
    }

    @Test func aFileOfCommentsHasNoStatements() {
        #expect(SQLStatements.split("-- nothing\n/* here; */\n;\n") == [])
    }
}
