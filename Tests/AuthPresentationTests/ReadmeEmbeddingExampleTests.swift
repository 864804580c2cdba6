import Foundation
import Testing

/// The README's "Embedding it" section: the snippet that adds the package names products the
/// package declares (with `traits: []`, so the tools' dependencies stay out), and the wiring is
/// the example app, which the iOS check compiles (`../shared/ios-check` builds every folder
/// under `Examples/` against the app-facing modules).
@Suite("README: the embedding section")
struct ReadmeEmbeddingExampleTests {
    private static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    private static func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    private static func embeddingSection() throws -> Substring {
        let readme = try read("README.md")
        let start = try #require(readme.range(of: "## Embedding it\n"))
        let end = readme.range(of: "\n## ", range: start.upperBound..<readme.endIndex)?.lowerBound ?? readme.endIndex
        return readme[start.upperBound..<end]
    }

    @Test("the snippet adds the package with traits: [] and links library products Package.swift declares")
    func packageSnippet() throws {
        let section = try Self.embeddingSection()
        let manifest = try Self.read("Package.swift")
        #expect(section.contains(#".package(url: "https://github.com/OWNER/AuthCoordinator.git", from: "1.0.0", traits: []),"#))
        let products = section.split(separator: "\n").compactMap { line -> String? in
            guard let start = line.range(of: #".product(name: ""#) else { return nil }
            guard let end = line[start.upperBound...].firstIndex(of: "\"") else { return nil }
            return String(line[start.upperBound..<end])
        }
        #expect(products == ["AuthData", "AuthPresentation", "AuthSwiftUI"])
        for product in products {
            #expect(manifest.contains(#".library(name: "\#(product)""#), "README links \(product), which Package.swift does not declare")
        }
        #expect(manifest.contains(#".trait(name: "Tools""#) && manifest.contains(#".default(enabledTraits: ["Tools"])"#))
    }

    @Test("the wiring is the example app: the files the section names exist")
    func pointsToExample() throws {
        let section = try Self.embeddingSection()
        #expect(section.contains("(Examples/AuthExample/README.md)"))
        for file in ["README.md", "AuthComposition.swift", "AppRouter.swift"] {
            let path = Self.root.appendingPathComponent("Examples/AuthExample/\(file)").path
            #expect(FileManager.default.fileExists(atPath: path), "missing \(file)")
            if file != "README.md" { #expect(section.contains("`\(file)`")) }
        }
        #expect(!section.contains("appleSheet"), "the old snippet that registered too little is gone")
    }
}
