import Foundation

// The executable only parses the command line and hands over to the subcommand that wires the adapters.
let status = await CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
