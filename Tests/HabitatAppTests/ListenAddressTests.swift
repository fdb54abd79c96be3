import HabitatApp
import Testing

/// `--metrics 9464`, `--metrics 0.0.0.0:9464`: where a server listens, as an operator types it.
@Suite struct ListenAddressTests {
    @Test func aPortAloneListensOnThisMachineOnly() {
        #expect(ListenAddress("9464") == ListenAddress(host: "127.0.0.1", port: 9464))
        #expect(ListenAddress("9464")?.isLoopback == true)
        #expect(ListenAddress("0") == ListenAddress(host: "127.0.0.1", port: 0))
    }

    @Test func aHostComesBeforeItsPort() {
        #expect(ListenAddress("0.0.0.0:9464") == ListenAddress(host: "0.0.0.0", port: 9464))
        #expect(ListenAddress("0.0.0.0:9464")?.isLoopback == false)
        #expect(ListenAddress("localhost:9464")?.isLoopback == true)
        #expect(ListenAddress("[::1]:9464") == ListenAddress(host: "::1", port: 9464))
        #expect(ListenAddress("[::1]:9464")?.description == "[::1]:9464")
    }

    @Test(arguments: ["", "http", ":9464", "127.0.0.1:", "127.0.0.1:65536", "127.0.0.1:-1", "[::1]", "host:port"])
    func anythingElseIsNoAddress(_ text: String) {
        #expect(ListenAddress(text) == nil)
    }
}
