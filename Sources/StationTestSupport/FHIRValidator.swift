import Foundation

/// The FHIR R4 validator the tests use: Python's `fhir.resources` (6.4, R4) in the virtual environment
/// `scripts/test` makes under `.build/fhir-venv`.
public enum FHIRValidator {
    public static var python: URL { PackagePaths.root.appendingPathComponent(".build/fhir-venv/bin/python") }
    static var script: URL { PackagePaths.root.appendingPathComponent("Tests/Fixtures/validate_fhir.py") }

    /// Validates each JSON file; returns the validator's exit status and what it printed.
    public static func validate(_ files: [URL]) throws -> (status: Int32, output: String) {
        guard FileManager.default.isExecutableFile(atPath: python.path) else {
            throw TestFailure("no FHIR validator at \(python.path): run scripts/test, which installs it")
        }
        return try runProgram(python.path, [script.path] + files.map(\.path))
    }
}
