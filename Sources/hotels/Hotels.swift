import HotelCLI

@main
enum Hotels {
    static func main() async {
        await HotelsCommand.main()
    }
}
