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

    @Test func aPathIsNoAddress() throws {
        #expect(try DatabaseAddress("/var/lib/habitat") == nil)
        #expect(try DatabaseAddress("habitat-data") == nil)
    }

    @Test(arguments: [
        ("postgresql:///habitat", "postgresql:///habitat is not an address PostgreSQL's clients read: it needs a host."),
        ("postgresql://db.example/habitat", "postgresql://db.example/habitat names no user: postgresql://USER@db.example/DATABASE."),
        ("postgresql://ann:pw@db.example", "postgresql://ann:…@db.example names no database: postgresql://ann@db.example/DATABASE."),
        ("postgresql://ann@db.example/h?sslmode=verify-full", "postgresql://ann@db.example/h?sslmode=verify-full asks for sslmode=verify-full, but Habitat takes disable, prefer or require."),
        ("postgresql://ann:pw@db.example/h?connect_timeout=3", "postgresql://ann:…@db.example/h?connect_timeout=3 has connect_timeout, which Habitat does not read; it reads sslmode."),
    ])
    func aBrokenAddressIsRefusedSayingWhatIsMissingWithoutItsPassword(text: String, error: String) {
        #expect(throws: DatabaseAddressError(error)) { try DatabaseAddress(text) }
    }
}
