import HotelCatalogs

/// The word lists hotel names are built from, per language.
enum Languages {
    static let english = LanguageSpec(
        name: "English", nonLatin: false,
        kinds: latin([
            "Hotel", "Hotel", "Hotel", "Inn", "Suites", "Lodge", "Resort", "House", "Hostel",
            "Boutique Hotel", "Apartments", "Residences",
        ]),
        brands: [
            "Grand", "Royal", "Park", "Plaza", "Imperial", "Central", "Harbour", "Garden", "Palace",
            "Regent", "Crown", "Riverside", "Metropolitan", "Continental", "Sunrise", "Heritage",
            "Liberty", "Majestic", "Oakwood", "Bayview", "Skyline", "Union", "Meridian", "Ambassador",
            "Windsor", "Summit", "Pearl", "Lotus", "Orchid", "Cedar",
        ],
        patterns: ["{b} {k} {d}", "{d} {b} {k}", "The {b} {d}", "{d} {k}", "{b} {k}", "The {b} {k}"])

    static let korean = LanguageSpec(
        name: "Korean", nonLatin: true,
        kinds: [
            t("호텔", "Hotel"), t("호텔", "Hotel"), t("호텔", "Hotel"), t("모텔", "Motel"),
            t("게스트하우스", "Guesthouse"), t("리조트", "Resort"), t("레지던스", "Residence"),
            t("호스텔", "Hostel"), t("한옥스테이", "Hanok Stay"), t("부티크 호텔", "Boutique Hotel"),
        ],
        brands: [
            "신라", "롯데", "그랜드", "로얄", "아리랑", "한강", "무궁화", "파크", "센트럴", "해오름",
            "별빛", "라온", "다온", "솔향", "한빛",
        ],
        patterns: ["{d} {k}", "{b} {k}", "{b} {k} {d}", "{k} {b} {d}", "{d} {b} {k}"])

    static let japanese = LanguageSpec(
        name: "Japanese", nonLatin: true,
        kinds: [
            t("ホテル", "Hotel"), t("ホテル", "Hotel"), t("ホテル", "Hotel"), t("旅館", "Ryokan"),
            t("イン", "Inn"), t("ゲストハウス", "Guesthouse"), t("カプセルホテル", "Capsule Hotel"),
            t("リゾート", "Resort"), t("民宿", "Minshuku"), t("ビジネスホテル", "Business Hotel"),
        ],
        brands: [
            "さくら", "東横", "富士", "花月", "大和", "光", "翠", "松風", "月見", "ロイヤル", "グランド",
            "プラザ", "白鷺", "春日", "銀河",
        ],
        patterns: ["{b}{k}{d}", "{d}{k}", "{k}{b}", "{d}{b}{k}", "{k}{d}", "{b}{k} {d}"])

    static let chineseSimplified = LanguageSpec(
        name: "Mandarin", nonLatin: true,
        kinds: [
            t("酒店", "Hotel"), t("酒店", "Hotel"), t("酒店", "Hotel"), t("宾馆", "Guesthouse"),
            t("大酒店", "Grand Hotel"), t("饭店", "Hotel"), t("客栈", "Inn"), t("公寓", "Apartments"),
            t("青年旅舍", "Hostel"), t("精品酒店", "Boutique Hotel"),
        ],
        brands: [
            "锦江", "如家", "长城", "东方", "金陵", "和平", "国际", "皇冠", "龙门", "金都", "友谊",
            "华侨", "紫金", "翠园", "君亭",
        ],
        patterns: ["{b}{k}", "{d}{b}{k}", "{b}{k}（{d}店）", "{d}{k}"])

    static let chineseTraditional = LanguageSpec(
        name: "Chinese", nonLatin: true,
        kinds: [
            t("酒店", "Hotel"), t("酒店", "Hotel"), t("酒店", "Hotel"), t("旅館", "Inn"),
            t("賓館", "Guesthouse"), t("大飯店", "Grand Hotel"), t("商旅", "Business Hotel"),
            t("民宿", "B&B"), t("精品酒店", "Boutique Hotel"),
        ],
        brands: [
            "麗晶", "富豪", "君悅", "華國", "國賓", "福華", "晶華", "美麗華", "海景", "翠亨", "金龍",
            "維多利亞", "萬國",
        ],
        patterns: ["{b}{k}", "{d}{b}{k}", "{b}{k}（{d}）", "{d}{k}"])

    static let thai = LanguageSpec(
        name: "Thai", nonLatin: true,
        kinds: [
            t("โรงแรม", "Hotel"), t("โรงแรม", "Hotel"), t("โรงแรม", "Hotel"), t("รีสอร์ท", "Resort"),
            t("เกสต์เฮาส์", "Guesthouse"), t("โฮสเทล", "Hostel"), t("เรสซิเดนซ์", "Residence"),
            t("บูทีคโฮเทล", "Boutique Hotel"),
        ],
        brands: [
            "สยาม", "รอยัล", "จันทรา", "ดุสิต", "ลีลาวดี", "บัวขาว", "ริมน้ำ", "สุขใจ", "ศรีเมือง",
            "ราชพฤกษ์", "มณีรัตน์", "แสงทอง",
        ],
        patterns: ["{k}{b}", "{k}{b} {d}", "{b} {k}", "{k}{d}"])

    static let hindi = LanguageSpec(
        name: "Hindi", nonLatin: true,
        kinds: [
            t("होटल", "Hotel"), t("होटल", "Hotel"), t("होटल", "Hotel"), t("गेस्ट हाउस", "Guest House"),
            t("रेज़िडेंसी", "Residency"), t("इन", "Inn"), t("पैलेस", "Palace"), t("लॉज", "Lodge"),
        ],
        brands: [
            "ताज", "सागर", "राजमहल", "कमल", "गंगा", "सूर्या", "अशोक", "शालीमार", "रॉयल", "मोती",
            "चंद्रलोक", "नीलकंठ",
        ],
        patterns: ["{k} {b}", "{b} {k}", "{b} {k} {d}", "{k} {b} {d}"])

    static let arabic = LanguageSpec(
        name: "Arabic", nonLatin: true,
        kinds: [
            t("فندق", "Hotel"), t("فندق", "Hotel"), t("فندق", "Hotel"), t("منتجع", "Resort"),
            t("شقق فندقية", "Hotel Apartments"), t("نزل", "Inn"), t("قصر", "Palace"),
            t("دار ضيافة", "Guest House"),
        ],
        brands: [
            "النخيل", "الواحة", "اللؤلؤة", "القصر", "الريم", "السلام", "الفيروز", "الصحراء",
            "الياسمين", "المرجان", "الأندلس", "الخليج", "الزهراء",
        ],
        patterns: ["{k} {b}", "{k} {b} {d}", "{k} {d}"])

    static let russian = LanguageSpec(
        name: "Russian", nonLatin: true,
        kinds: [
            t("Гостиница", "Hotel"), t("Гостиница", "Hotel"), t("Отель", "Hotel"), t("Отель", "Hotel"),
            t("Хостел", "Hostel"), t("Апарт-отель", "Aparthotel"), t("Мини-отель", "Mini-Hotel"),
            t("Гостевой дом", "Guest House"),
        ],
        brands: [
            "Космос", "Метрополь", "Националь", "Украина", "Арбат", "Берёзка", "Северная", "Нева",
            "Октябрьская", "Заря", "Россия", "Волга", "Астория", "Балтика",
        ],
        patterns: ["{k} «{b}»", "{k} «{d}»", "{b} {k}", "{k} {b}"])

    static let greek = LanguageSpec(
        name: "Greek", nonLatin: true,
        kinds: [
            t("Ξενοδοχείο", "Hotel"), t("Ξενοδοχείο", "Hotel"), t("Ξενοδοχείο", "Hotel"),
            t("Ξενώνας", "Guesthouse"), t("Διαμερίσματα", "Apartments"), t("Πανδοχείο", "Inn"),
            t("Σουίτες", "Suites"),
        ],
        brands: [
            "Ακρόπολις", "Ολύμπια", "Αφροδίτη", "Ερμής", "Αθηνά", "Παρθενών", "Ήλιος", "Αίγλη",
            "Ωκεανός", "Πήγασος", "Ορφέας", "Δελφοί",
        ],
        patterns: ["{k} {b}", "{b} {k}", "{k} {d}", "{b} {d}"])

    static let turkish = LanguageSpec(
        name: "Turkish", nonLatin: false,
        kinds: [
            t("Otel", "Hotel"), t("Otel", "Hotel"), t("Otel", "Hotel"), t("Konak", "Mansion"),
            t("Pansiyon", "Guesthouse"), t("Butik Otel", "Boutique Hotel"), t("Suites", "Suites"),
            t("Palas", "Palace"),
        ],
        brands: [
            "Boğaziçi", "Sultan", "Lale", "Galata", "Yıldız", "Ayasofya", "Pera", "Kervansaray", "Deniz",
            "Saray", "Marmara", "Çınar", "Güneş",
        ],
        patterns: ["{b} {k}", "{d} {k}", "{b} {k} {d}", "{b} {d} {k}"])

    static let french = LanguageSpec(
        name: "French", nonLatin: false,
        kinds: [
            t("Hôtel", "Hotel"), t("Hôtel", "Hotel"), t("Hôtel", "Hotel"), t("Auberge", "Inn"),
            t("Résidence", "Residence"), t("Maison d'hôtes", "Guest House"), t("Relais", "Inn"),
        ],
        brands: [
            "de la Paix", "du Palais", "des Arts", "Belle Époque", "du Parc", "de l'Opéra", "Étoile",
            "Lumière", "des Grands Hommes", "Saint-Louis", "Le Mistral", "des Tuileries", "Beau Rivage",
        ],
        patterns: ["{k} {b}", "{k} {d}", "{k} {b} {d}"])

    static let moroccan = LanguageSpec(
        name: "French and Arabic", nonLatin: false,
        kinds: [
            t("Riad", "Riad"), t("Riad", "Riad"), t("Riad", "Riad"), t("Dar", "Guest House"),
            t("Kasbah", "Kasbah"), t("Hôtel", "Hotel"), t("Maison d'hôtes", "Guest House"),
        ],
        brands: [
            "Yasmine", "Les Jardins", "Zitoune", "Argan", "Atlas", "Nour", "Bahia", "Al Andalous",
            "Menara", "Tamarine", "Les Orangers", "Dar Saïd",
        ],
        patterns: ["{k} {b}", "{k} {d}", "{k} {b} {d}"])

    static let german = LanguageSpec(
        name: "German", nonLatin: false,
        kinds: [
            t("Hotel", "Hotel"), t("Hotel", "Hotel"), t("Hotel", "Hotel"), t("Gasthof", "Inn"),
            t("Pension", "Guesthouse"), t("Hotel garni", "Hotel"), t("Gästehaus", "Guest House"),
            t("Boutique-Hotel", "Boutique Hotel"),
        ],
        brands: [
            "Zur Post", "Adler", "Sonne", "Krone", "Zum Löwen", "Bären", "Schwan", "Kaiserhof", "Am Markt",
            "Alpenrose", "Stadtblick", "Zum Hirschen", "Goldener Hirsch", "Lindenhof",
        ],
        patterns: ["{k} {b}", "{k} {d}", "{k} {b} {d}", "{b} {d}"])

    static let italian = LanguageSpec(
        name: "Italian", nonLatin: false,
        kinds: [
            t("Hotel", "Hotel"), t("Hotel", "Hotel"), t("Albergo", "Hotel"), t("Locanda", "Inn"),
            t("Pensione", "Guesthouse"), t("Residenza", "Residence"), t("Palazzo", "Palazzo"),
        ],
        brands: [
            "del Corso", "Bella Vista", "San Pietro", "Colosseo", "Fontana", "della Minerva", "del Sole",
            "Luna", "Quirinale", "Trevi", "Boccaccio", "dei Fiori", "Villa Borghese",
        ],
        patterns: ["{k} {b}", "{k} {d}", "{k} {b} {d}"])

    static let spanish = LanguageSpec(
        name: "Spanish", nonLatin: false,
        kinds: [
            t("Hotel", "Hotel"), t("Hotel", "Hotel"), t("Hotel", "Hotel"), t("Hostal", "Hostel"),
            t("Posada", "Inn"), t("Casa", "Guest House"), t("Gran Hotel", "Grand Hotel"),
            t("Apartamentos", "Apartments"), t("Residencia", "Residence"),
        ],
        brands: [
            "Plaza Mayor", "del Sol", "Real", "Colonial", "Los Andes", "San Martín", "La Paz", "Miramar",
            "El Dorado", "Castilla", "Santa Lucía", "Las Palmas", "Alameda", "Bolívar",
        ],
        patterns: ["{k} {b}", "{k} {d}", "{k} {b} {d}"])

    static let portuguese = LanguageSpec(
        name: "Portuguese", nonLatin: false,
        kinds: [
            t("Hotel", "Hotel"), t("Hotel", "Hotel"), t("Hotel", "Hotel"), t("Pousada", "Inn"),
            t("Pensão", "Guesthouse"), t("Residencial", "Residence"), t("Casa", "Guest House"),
            t("Palácio", "Palace"),
        ],
        brands: [
            "Avenida", "do Mar", "Atlântico", "Lusitano", "Flor de Lis", "Bela Vista", "Sol Nascente",
            "Jardim", "Estrela", "Tropical", "Imperial", "São Bento", "Solar",
        ],
        patterns: ["{k} {b}", "{k} {d}", "{k} {b} {d}"])

    static let czech = LanguageSpec(
        name: "Czech", nonLatin: false,
        kinds: [
            t("Hotel", "Hotel"), t("Hotel", "Hotel"), t("Hotel", "Hotel"), t("Penzion", "Guesthouse"),
            t("Rezidence", "Residence"), t("Hostel", "Hostel"), t("Apartmány", "Apartments"),
        ],
        brands: [
            "U Zlatého lva", "U Tří pštrosů", "Zlatá Praha", "Modrá růže", "Vltava", "Pod Hradem",
            "Bílá labuť", "Černý orel", "U Zlaté studny", "U Velké boty", "Staroměstský",
        ],
        patterns: ["{k} {b}", "{k} {d}", "{k} {b} {d}"])

    static let polish = LanguageSpec(
        name: "Polish", nonLatin: false,
        kinds: [
            t("Hotel", "Hotel"), t("Hotel", "Hotel"), t("Hotel", "Hotel"), t("Pensjonat", "Guesthouse"),
            t("Apartamenty", "Apartments"), t("Hostel", "Hostel"), t("Dom Gościnny", "Guest House"),
            t("Rezydencja", "Residence"),
        ],
        brands: [
            "Pod Różą", "Wawel", "Pollera", "Wisła", "Pod Wawelem", "Złota Kaczka", "Stary Młyn",
            "Sukiennice", "Jagiellonia", "Bursztyn", "Kopernik", "Pod Aniołami",
        ],
        patterns: ["{k} {b}", "{k} {d}", "{k} {b} {d}"])

    static let swedish = LanguageSpec(
        name: "Swedish", nonLatin: false,
        kinds: [
            t("Hotell", "Hotel"), t("Hotell", "Hotel"), t("Hotell", "Hotel"), t("Vandrarhem", "Hostel"),
            t("Pensionat", "Guesthouse"), t("Värdshus", "Inn"), t("Boutiquehotell", "Boutique Hotel"),
        ],
        brands: [
            "Stjärnan", "Kronan", "Lejonet", "Ankaret", "Sjöbris", "Vasa", "Björken", "Havsutsikt",
            "Tre Kronor", "Nordstjärnan", "Lilla Torget", "Skärgården",
        ],
        patterns: ["{k} {b}", "{k} {d}", "{k} {b} {d}"])

    static let icelandic = LanguageSpec(
        name: "Icelandic", nonLatin: false,
        kinds: [
            t("Hótel", "Hotel"), t("Hótel", "Hotel"), t("Hótel", "Hotel"), t("Gistiheimili", "Guesthouse"),
            t("Farfuglaheimili", "Hostel"), t("Íbúðir", "Apartments"),
        ],
        brands: [
            "Borg", "Óðinsvé", "Hekla", "Katla", "Esja", "Norðurljós", "Þingholt", "Skjaldbreið",
            "Baldursbrá", "Frón", "Geysir", "Jökull",
        ],
        patterns: ["{k} {b}", "{b} {k}", "{k} {d}"])

    static let dutch = LanguageSpec(
        name: "Dutch", nonLatin: false,
        kinds: [
            t("Hotel", "Hotel"), t("Hotel", "Hotel"), t("Hotel", "Hotel"), t("Pension", "Guesthouse"),
            t("B&B", "B&B"), t("Hostel", "Hostel"), t("Herberg", "Inn"),
        ],
        brands: [
            "De Gouden Leeuw", "De Zwaan", "Amstel", "De Roode Leeuw", "Het Anker", "De Tulp",
            "Het Grachtenhuis", "De Wester", "Rembrandt", "De Oranjeboom", "Vondel",
        ],
        patterns: ["{k} {b}", "{k} {d}", "{k} {b} {d}"])

    static let vietnamese = LanguageSpec(
        name: "Vietnamese", nonLatin: false,
        kinds: [
            t("Khách sạn", "Hotel"), t("Khách sạn", "Hotel"), t("Khách sạn", "Hotel"),
            t("Nhà nghỉ", "Guesthouse"), t("Homestay", "Homestay"), t("Căn hộ", "Apartments"),
        ],
        brands: [
            "Hoàng Gia", "Sen Vàng", "Thăng Long", "Hồ Gươm", "Phượng Hoàng", "Bông Sen", "Ngọc Lan",
            "Sao Mai", "Hoa Sữa", "Đông Đô", "Mặt Trời",
        ],
        patterns: ["{k} {b}", "{k} {d}", "{k} {b} {d}"])
}
