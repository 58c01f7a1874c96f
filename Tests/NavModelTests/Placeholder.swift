import Testing
@testable import NavModel
