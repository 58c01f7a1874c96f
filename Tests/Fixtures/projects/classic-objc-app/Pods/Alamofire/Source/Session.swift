import Foundation

open class Session {}
