import App
import Foundation

exit(KitchenCLI.run(CommandLine.arguments))
