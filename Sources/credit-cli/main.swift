#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CreditCLI

exit(runCreditCLI(arguments: Array(CommandLine.arguments.dropFirst())))
