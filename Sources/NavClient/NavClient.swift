import JSONCore
import NavProtocol
import NavTransport
