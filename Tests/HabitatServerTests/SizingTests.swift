import Foundation
import HabitatServer
import Testing

/// How `serve` sizes itself: descriptors, open files from the memory, and its flags checked and mapped.
@Suite struct SizingTests {
    private static let gib: UInt64 = 1 << 30

    @Test(arguments: [
        (gib / 2, 256), (gib, 512), (4 * gib, 2_048), (24 * gib, 12_288), (1024 * gib, 100_000),
    ] as [(UInt64, Int)])
    func openFilesByDefaultAreAsManyAsAQuarterOfTheMemoryHolds(memory: UInt64, files: Int) {
        #expect(MachineSize(memory: memory, descriptors: 20_000).defaultOpenFiles == files)
    }

    @Test func openFilesGivenAreKeptWhateverTheMachine() {
        var settings = ServeSettings()
        settings.openFiles = 40
        #expect(settings.openFiles(on: MachineSize(memory: 24 * Self.gib, descriptors: 1024)) == 40)
        settings.openFiles = nil
        #expect(settings.openFiles(on: MachineSize(memory: 24 * Self.gib, descriptors: 1024)) == 12_288)
    }

    @Test func machineSaysItsSizeInTheLog() {
        #expect(MachineSize(memory: 24 * Self.gib, descriptors: 20_000).described == "24.0 GiB of memory, 20000 descriptors")
        #expect(MachineSize(memory: 3 * Self.gib / 2, descriptors: .max).described == "1.5 GiB of memory, unlimited descriptors")
    }

    @Test func everyConnectionAndFileFitsWhenTheLimitAllows() {
        let budget = DescriptorBudget.fitting(limit: 40_000, connections: 10_000, openFiles: 12_288)
        #expect(budget == DescriptorBudget(limit: 40_000, connections: 10_000, fileDescriptors: 24_576))
    }

    @Test func filesShareWhatTheConnectionsLeaveAndAtLeastAQuarter() {
        // 20,000 descriptors: 19,872 beside the server's own; the connections all fit, the files share the rest.
        let roomy = DescriptorBudget.fitting(limit: 20_000, connections: 10_000, openFiles: 12_288)
        #expect(roomy == DescriptorBudget(limit: 20_000, connections: 10_000, fileDescriptors: 9_872))
        // 1,024: fewer connections are served, so that a quarter of what is available stays with the files.
        let tight = DescriptorBudget.fitting(limit: 1_024, connections: 10_000, openFiles: 1_024)
        #expect(tight == DescriptorBudget(limit: 1_024, connections: 672, fileDescriptors: 224))
    }

    @Test func descriptorsNeededCountConnectionsTwoForEachFileAndTheServersOwn() {
        #expect(DescriptorBudget.needed(connections: 10_000, openFiles: 1_024) == 12_176)
    }

    @Test func defaultSettingsHaveNoProblem() {
        #expect(ServeSettings().problem() == nil)
    }

    @Test func aSettingBelowItsLeastSaysWhichAndWhy() {
        var settings = ServeSettings()
        settings.openFiles = 0
        #expect(settings.problem() == "--open-files needs at least 1 (every command needs its user's file open), not 0.")
        settings = ServeSettings()
        settings.maxLine = 100
        #expect(settings.problem() == "--max-line needs at least 256 (shorter lines would refuse ordinary commands and logins), not 100.")
        settings = ServeSettings()
        settings.tlsCert = "cert.pem"
        #expect(settings.problem() == "TLS needs both --tls-cert and --tls-key.")
        settings = ServeSettings()
        settings.metrics = "nowhere:port"
        #expect(settings.problem() == "--metrics is a port (9464) or a host and port (127.0.0.1:9464), not 'nowhere:port'.")
    }

    @Test func theConfigurationServesTheConnectionsTheBudgetAllows() {
        var settings = ServeSettings()
        settings.port = 7000
        settings.loginTimeout = 30
        settings.metrics = "9464"
        let budget = DescriptorBudget(limit: 1_024, connections: 672, fileDescriptors: 224)
        let configuration = settings.configuration(openFiles: 1_024, budget: budget, sharedDescriptors: true)
        #expect(configuration.port == 7000)
        #expect(configuration.maxConnections == 672)
        #expect(configuration.openUserFiles == 1_024)
        #expect(configuration.unauthenticatedTimeout == 30)
        #expect(configuration.metrics?.port == 9464)
        #expect(configuration.dataDirectory.lastPathComponent == "habitat-data")
    }

    @Test func withoutSharedDescriptorsOnlyFilesWithTwoEachStayOpen() {
        let budget = DescriptorBudget(limit: 1_024, connections: 672, fileDescriptors: 224)
        let configuration = ServeSettings().configuration(openFiles: 1_024, budget: budget, sharedDescriptors: false)
        #expect(configuration.openUserFiles == 112)
    }

    @Test func eventLoopsAreOneFewerThanTheCoresUnlessGiven() {
        var settings = ServeSettings()
        #expect(settings.eventLoops(cores: 2) == 1)
        #expect(settings.eventLoops(cores: 1) == 1)
        #expect(settings.eventLoops(cores: 8) == 7)
        settings.eventLoops = 3
        #expect(settings.eventLoops(cores: 2) == 3)
    }
}

extension SizingTests {
    @Test func theFlagsDefaultsAreTheConfigurationsOwn() {
        let standard = ServeSettings.standard
        #expect((standard.host, standard.port, standard.data) == ("127.0.0.1", 7878, "./habitat-data"))
        #expect((standard.maxConnections, standard.maxPerAddress, standard.maxUnauthenticatedPerAddress) == (10_000, 100, 20))
        #expect((standard.rateLimit, standard.maxLine, standard.loginTimeout, standard.unreadTimeout) == (1000, 4096, 120, 60))
        #expect(standard.idleFiles == 300)
        #expect(standard.openFiles == nil)
    }
}
