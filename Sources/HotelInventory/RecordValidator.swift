import Foundation
import HotelCatalogs
import HotelSOAP

/// Turns one row's values (by ``InventoryColumn/index``; nil where the file has no such
/// column) into an ``InventoryRow``, or the ``InventoryError`` that names the file, the
/// row's line and the column. The same rules for CSV and JSON Lines: a JSON value arrives as
/// its text (``JSONValue/text``).
///
/// ```swift
/// let validator = RecordValidator(currencies: catalog.currencies, input: input)
/// let row = try validator.row(values, line: 7)
/// ```
final class RecordValidator {
    let currencies: [String: CurrencyInfo]
    let input: InventoryInput
    /// Stored PNGs by resolved path: a chain's hotels often share one logo file.
    private var logos: [String: [UInt8]] = [:]
    private static let logoCacheLimit = 64

    init(currencies: [String: CurrencyInfo], input: InventoryInput) {
        self.currencies = currencies
        self.input = input
    }

    func fail(_ column: InventoryColumn?, _ line: Int, _ problem: String) -> InventoryError {
        .invalidData(file: input.path, line: line, column: column?.name, problem)
    }

    /// The row, validated.
    func row(_ values: [String?], line: Int) throws(InventoryError) -> InventoryRow {
        let id = try hotelID(values[InventoryColumn.hotelID.index], line: line)
        if try flag(values[InventoryColumn.deleted.index], line: line) {
            return .deletion(hotelID: id, file: input.path, line: line)
        }
        for column in InventoryColumn.required where values[column.index] == nil {
            throw fail(column, line, "missing: every hotel needs it (a row marked deleted needs only hotel_id)")
        }
        func value(_ column: InventoryColumn) -> String { values[column.index] ?? "" }
        let currency = try currencyInfo(value(.currency), line: line)
        let (priceMinor, priceText) = try price(value(.price), currency: currency, line: line)
        guard let money = Money(parsing: priceText, currency.code) else {
            throw fail(.price, line, "\"\(priceText)\" is not an amount")
        }
        var hotel = HotelInfo(
            id: id, name: try text(value(.name), .name, line: line, required: true),
            address: try text(value(.address), .address, line: line, required: false),
            city: try text(value(.city), .city, line: line, required: true),
            country: try country(value(.country), line: line),
            latitude: try coordinate(value(.latitude), .latitude, limit: 90, line: line),
            longitude: try coordinate(value(.longitude), .longitude, limit: 180, line: line),
            stars: try stars(value(.stars), line: line), price: money)
        if let phone = values[InventoryColumn.phone.index], !phone.isEmpty {
            hotel.phone = try text(phone, .phone, line: line, required: false)
        }
        if let amenities = values[InventoryColumn.amenities.index] {
            hotel.amenities = try amenityList(amenities, line: line)
        }
        var description: String?
        if let text = values[InventoryColumn.hotelDescription.index] {
            description = try self.text(text, .hotelDescription, line: line, required: false)
        }
        return .hotel(
            InventoryRecord(
                hotel: hotel, priceMinor: priceMinor, hasPhone: values[InventoryColumn.phone.index] != nil,
                hasAmenities: values[InventoryColumn.amenities.index] != nil, description: description,
                logo: try logo(values[InventoryColumn.logo.index], line: line), file: input.path, line: line))
    }

    /// A JSON Lines object's members by column. A key that names no column is an error;
    /// `amenities` may be an array of names or one string `wifi,pool`.
    func values(of object: JSONLineReader.Object) throws(InventoryError) -> [String?] {
        var values = [String?](repeating: nil, count: InventoryColumn.all.count)
        for (key, value) in object.members {
            guard let column = InventoryColumn.named(key) else {
                throw .invalidData(
                    file: input.path, line: object.line, column: key, "not a column: the columns are \(InventoryColumn.allNames)")
            }
            guard column.requirement != .ignored else { continue }
            if column == .amenities, case .array(let names) = value {
                var list: [String] = []
                for name in names {
                    guard case .string(let text) = name else {
                        throw fail(column, object.line, "expected an array of names, not one holding \(name.kind)")
                    }
                    list.append(text)
                }
                values[column.index] = list.joined(separator: ",")
                continue
            }
            guard let text = value.text else {
                throw fail(column, object.line, "expected a string or a number, not \(value.kind)")
            }
            values[column.index] = text
        }
        return values
    }

    /// A logo value: kept, the monogram, or the stored PNG of the file it names.
    private func logo(_ value: String?, line: Int) throws(InventoryError) -> InventoryRecord.Logo {
        guard let value else { return .keep }
        guard !value.isEmpty else { return .monogram }
        let path = input.resolve(value)
        if let png = logos[path] { return .image(png) }
        do {
            let png = try LogoFile.storedPNG(path: path)
            if logos.count >= Self.logoCacheLimit { logos.removeAll() }
            logos[path] = png
            return .image(png)
        } catch {
            throw fail(.logo, line, "\(value): \(error.problem)")
        }
    }
}
