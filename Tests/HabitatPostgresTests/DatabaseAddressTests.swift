import Testing

@testable import HabitatPostgres

@Suite("A PostgreSQL database's address")
struct DatabaseAddressTests {
    @Test func anAddressIsReadAsLibpqReadsIt() throws {
        let address = try #require(try DatabaseAddress("postgresql://habitat:s%40cret@db.example:5433/habitat?sslmode=require"))
        #expect(address == DatabaseAddress(host: "db.example", port: 5433, user: "habitat", password: "s@cret", database: "habitat", tls: .require))
        #expect(address.description == "postgresql://habitat:…@db.example:5433/habitat?sslmode=require")
        let plain = try #require(try DatabaseAddress("postgres://ann@127.0.0.1/games"))
        #expect(plain == DatabaseAddress(host: "127.0.0.1", port: 5432, user: "ann", password: nil, database: "games", tls: .prefer))
        #expect(plain.description == "postgresql://ann@127.0.0.1:5432/games")
    }

    @Test func aUnixSocketIsReachedThroughItsDirectoryAsLibpqSaysIt() throws {
        let local = try #require(try DatabaseAddress("postgresql://habitat@/habitat?host=/var/run/postgresql"))
        #expect(local == DatabaseAddress(host: "/var/run/postgresql", port: 5432, user: "habitat", database: "habitat"))
        #expect(local.socketPath == "/var/run/postgresql/.s.PGSQL.5432")
        #expect(local.description == "postgresql://habitat@/habitat?host=/var/run/postgresql")
        #expect(local.configuration.unixSocketPath == "/var/run/postgresql/.s.PGSQL.5432")
        let other = try #require(try DatabaseAddress("postgresql://ann:pw@/games?host=/tmp/pg/&port=5433"))
        #expect(other.socketPath == "/tmp/pg/.s.PGSQL.5433")
        #expect(other.description == "postgresql://ann:…@/games?host=/tmp/pg/&port=5433")
        #expect(try DatabaseAddress(other.description.replacingOccurrences(of: ":…", with: ":pw")) == other)
        let remote = try #require(try DatabaseAddress("postgresql://ann@db.example/games"))
        #expect(remote.socketPath == nil)
        #expect(remote.configuration.unixSocketPath == nil)
    }

    @Test func aPathIsNoAddress() throws {
        #expect(try DatabaseAddress("/var/lib/habitat") == nil)
        #expect(try DatabaseAddress("habitat-data") == nil)
    }

    @Test(arguments: [
        ("postgresql:///habitat", "postgresql:///habitat is not an address PostgreSQL's clients read: it needs a host (or, for a Unix socket, ?host=/its/directory)."),
        ("postgresql:///habitat?host=/run/pg", "postgresql:///habitat?host=/run/pg names no user: postgresql://USER@/DATABASE?host=/run/pg."),
        ("postgresql://ann@/h?host=db.example", "postgresql://ann@/h?host=db.example has host=db.example: as a parameter, host is the directory of PostgreSQL's Unix socket, a path starting with /."),
        ("postgresql://ann@db.example/h?port=0", "postgresql://ann@db.example/h?port=0 has port=0, which is no port: 1 to 65535."),
        ("postgresql://db.example/habitat", "postgresql://db.example/habitat names no user: postgresql://USER@db.example/DATABASE."),
        ("postgresql://ann:pw@db.example", "postgresql://ann:…@db.example names no database: postgresql://ann@db.example/DATABASE."),
        ("postgresql://ann@db.example/h?sslmode=verify-full", "postgresql://ann@db.example/h?sslmode=verify-full asks for sslmode=verify-full, but Habitat takes disable, prefer or require."),
        ("postgresql://ann:pw@db.example/h?connect_timeout=3", "postgresql://ann:…@db.example/h?connect_timeout=3 has connect_timeout, which Habitat does not read; it reads sslmode, host and port."),
    ])
    func aBrokenAddressIsRefusedSayingWhatIsMissingWithoutItsPassword(text: String, error: String) {
        #expect(throws: DatabaseAddressError(error)) { try DatabaseAddress(text) }
    }
}
