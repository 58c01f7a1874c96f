import JSONCore
import NavModel
import NavProtocol
import NavTransport
