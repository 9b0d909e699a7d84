import Foundation
import GettextCatalog

// The interface language first (setlocale, the gettext catalog), before any text is made or thread started.
InterfaceLanguage.start()
// The executable only parses the command line and hands over to the subcommand that wires the adapters.
let status = await CommandLineTool.run(Array(CommandLine.arguments.dropFirst()))
exit(status)
