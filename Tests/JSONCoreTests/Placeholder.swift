import Testing
@testable import JSONCore
