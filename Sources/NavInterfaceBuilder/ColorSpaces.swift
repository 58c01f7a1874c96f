import Foundation
import NavModel

/// The colour spaces Interface Builder and asset catalogs write, turned into the (extended) sRGB the model
/// works in.
///
/// Display P3 components are kept as they are (read as sRGB), as the model has no wider gamut. Spaces with
/// another transfer curve (gamma 2.2 and 1.8 greys and RGB, linear sRGB) are converted through linear light,
/// sign-preserving so extended components stay extended. Primaries are not converted: the calibrated
/// (generic) RGB space of old storyboards differs from sRGB's primaries by a little, which shifts a contrast
/// ratio by far less than the rules' margins.
enum ColorSpaces {
    /// How a space encodes its components.
    enum Encoding: Equatable {
        case sRGB
        case linear
        case gamma(Double)
    }

    /// A colour from components in a space with `encoding`.
    static func color(red: Double, green: Double, blue: Double, alpha: Double, encoding: Encoding) -> Color {
        Color(
            red: toSRGB(red, encoding), green: toSRGB(green, encoding), blue: toSRGB(blue, encoding),
            alpha: min(max(alpha, 0), 1))
    }

    /// A grey from its white component.
    static func gray(white: Double, alpha: Double, encoding: Encoding) -> Color {
        color(red: white, green: white, blue: white, alpha: alpha, encoding: encoding)
    }

    static func toSRGB(_ value: Double, _ encoding: Encoding) -> Double {
        let magnitude = abs(value)
        // Black and white are the same in every space; converting them would only add rounding noise.
        guard encoding != .sRGB, magnitude != 0, magnitude != 1 else { return value }
        let linear = encoding == .linear ? magnitude : pow(magnitude, gammaExponent(encoding))
        let converted = (encodeSRGB(linear) * 1e12).rounded() / 1e12
        return value < 0 ? -converted : converted
    }

    private static func gammaExponent(_ encoding: Encoding) -> Double {
        if case .gamma(let gamma) = encoding { return gamma }
        return 1
    }

    /// The sRGB transfer function (IEC 61966-2-1), sign-preserving.
    static func encodeSRGB(_ linear: Double) -> Double {
        let magnitude = abs(linear)
        let encoded = magnitude <= 0.003_130_8 ? magnitude * 12.92 : 1.055 * pow(magnitude, 1 / 2.4) - 0.055
        return linear < 0 ? -encoded : encoded
    }
}
