import SwiftUI

struct CartView: View {
    @ObservedObject var model: CartModel
    @Environment(\.dismiss) private var dismiss

    var body: some View {
        List {
            ForEach(model.lines) { line in
                CartLineRow(line: line)
            }
            NavigationLink("Checkout") {
                CheckoutView(model: model)
            }
        }
        .navigationTitle("Cart")
        .toolbar {
            ToolbarItem(placement: .topBarTrailing) {
                Button("Clear", role: .destructive) { model.clear() }
            }
        }
    }
}

struct CheckoutView: View {
    @ObservedObject var model: CartModel

    var body: some View {
        Form {
            Section("Payment") { PaymentPicker(selection: $model.payment) }
        }
        .navigationTitle("Checkout")
        .navigationBarBackButtonHidden(model.isPaying)
    }
}

struct CartLineRow: View {
    let line: CartLine
    var body: some View { Text(line.name) }
}
