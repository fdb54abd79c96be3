import Foundation
import TestSupport
import Testing

/// The Swift the README asks for is the one Package.swift says it needs (`scripts/check-toolchain`, which CI runs,
/// holds Package.swift to what the dependencies ask).
@Suite("The Swift a fresh machine needs")
struct ToolchainTests {
    @Test func theReadmeAsksForTheSwiftPackageSwiftNeeds() throws {
        let manifest = try String(contentsOf: SourceTree.url("Package.swift"), encoding: .utf8)
        let tools = try #require(manifest.split(separator: "\n").first?.split(separator: ":").last.map(String.init))
        let readme = try String(contentsOf: SourceTree.url("README.md"), encoding: .utf8)
        #expect(readme.contains("Needs **Swift \(tools) or later**"), "Package.swift says \(tools)")
    }
}
