import HotelCatalogs

// The seeder's cities: real centres, local currency, phone format, words for names and addresses.
// swiftlint:disable line_length

enum Cities {
    static let all: [CitySpec] = asia + africa + europe + northAmerica + southAmerica + oceania

    // MARK: Asia

    static let asia: [CitySpec] = [
        CitySpec(
            name: "Seoul", localName: "서울특별시", country: "KR", continent: .asia, latitude: 37.5665, longitude: 126.9780,
            currency: "KRW", basePrice: 120_000, phone: "+82 2-####-####", weight: 8, language: Languages.korean, localShare: 0.7,
            districts: [
                t("명동", "Myeongdong"), t("강남", "Gangnam"), t("홍대", "Hongdae"), t("이태원", "Itaewon"), t("종로", "Jongno"),
                t("잠실", "Jamsil"), t("여의도", "Yeouido"), t("동대문", "Dongdaemun"), t("인사동", "Insadong"), t("신촌", "Sinchon"),
            ],
            streets: [
                t("중구 세종대로", "Sejong-daero, Jung-gu"), t("강남구 테헤란로", "Teheran-ro, Gangnam-gu"), t("중구 을지로", "Eulji-ro, Jung-gu"),
                t("중구 명동길", "Myeongdong-gil, Jung-gu"), t("중구 퇴계로", "Toegye-ro, Jung-gu"), t("서초구 강남대로", "Gangnam-daero, Seocho-gu"),
                t("송파구 올림픽로", "Olympic-ro, Songpa-gu"), t("마포구 와우산로", "Wausan-ro, Mapo-gu"), t("용산구 이태원로", "Itaewon-ro, Yongsan-gu"),
                t("종로구 종로", "Jong-ro, Jongno-gu"),
            ],
            postcodes: ["04524", "06164", "04039", "04348", "03187"],
            localAddress: "{c} {s} {n}", englishAddress: "{n} {s}, Seoul {p}"),
        CitySpec(
            name: "Busan", localName: "부산광역시", country: "KR", continent: .asia, latitude: 35.1796, longitude: 129.0756,
            currency: "KRW", basePrice: 95_000, phone: "+82 51-###-####", weight: 3, language: Languages.korean, localShare: 0.75,
            districts: [
                t("해운대", "Haeundae"), t("광안리", "Gwangalli"), t("서면", "Seomyeon"), t("남포동", "Nampo-dong"), t("송정", "Songjeong"),
                t("기장", "Gijang"), t("부산역", "Busan Station"), t("센텀시티", "Centum City"),
            ],
            streets: [
                t("해운대구 해운대해변로", "Haeundaehaebyeon-ro, Haeundae-gu"), t("수영구 광안해변로", "Gwanganhaebyeon-ro, Suyeong-gu"),
                t("부산진구 중앙대로", "Jungang-daero, Busanjin-gu"), t("중구 광복로", "Gwangbok-ro, Jung-gu"), t("동구 중앙대로", "Jungang-daero, Dong-gu"),
                t("해운대구 센텀중앙로", "Centumjungang-ro, Haeundae-gu"), t("기장군 기장해안로", "Gijanghaean-ro, Gijang-gun"),
            ],
            postcodes: ["48094", "48303", "47285", "48953", "48731"],
            localAddress: "{c} {s} {n}", englishAddress: "{n} {s}, Busan {p}"),
        CitySpec(
            name: "Tokyo", localName: "東京都", country: "JP", continent: .asia, latitude: 35.6812, longitude: 139.7671,
            currency: "JPY", basePrice: 15_000, phone: "+81 3-####-####", weight: 10, language: Languages.japanese, localShare: 0.7,
            districts: [
                t("新宿", "Shinjuku"), t("渋谷", "Shibuya"), t("銀座", "Ginza"), t("浅草", "Asakusa"), t("池袋", "Ikebukuro"),
                t("上野", "Ueno"), t("六本木", "Roppongi"), t("品川", "Shinagawa"), t("秋葉原", "Akihabara"), t("東京駅", "Tokyo Station"),
            ],
            streets: [
                t("新宿区西新宿", "Nishi-Shinjuku, Shinjuku-ku"), t("渋谷区道玄坂", "Dogenzaka, Shibuya-ku"), t("中央区銀座", "Ginza, Chuo-ku"),
                t("台東区浅草", "Asakusa, Taito-ku"), t("豊島区東池袋", "Higashi-Ikebukuro, Toshima-ku"), t("港区六本木", "Roppongi, Minato-ku"),
                t("港区高輪", "Takanawa, Minato-ku"), t("千代田区丸の内", "Marunouchi, Chiyoda-ku"), t("千代田区外神田", "Sotokanda, Chiyoda-ku"),
                t("台東区上野", "Ueno, Taito-ku"),
            ],
            postcodes: ["160-0023", "150-0043", "104-0061", "111-0032", "170-0013", "106-0032", "108-0074", "100-0005"],
            localAddress: "〒{p} {c}{s}{n}", englishAddress: "{n} {s}, Tokyo {p}", addressNumber: .japanese),
        CitySpec(
            name: "Kyoto", localName: "京都府京都市", country: "JP", continent: .asia, latitude: 35.0116, longitude: 135.7681,
            currency: "JPY", basePrice: 14_000, phone: "+81 75-###-####", weight: 3, language: Languages.japanese, localShare: 0.75,
            districts: [
                t("祇園", "Gion"), t("嵐山", "Arashiyama"), t("河原町", "Kawaramachi"), t("京都駅", "Kyoto Station"), t("烏丸", "Karasuma"),
                t("東山", "Higashiyama"), t("二条", "Nijo"),
            ],
            streets: [
                t("東山区祇園町南側", "Gionmachi-minamigawa, Higashiyama-ku"), t("右京区嵯峨天龍寺", "Saga-Tenryuji, Ukyo-ku"),
                t("中京区河原町通", "Kawaramachi-dori, Nakagyo-ku"), t("下京区東塩小路町", "Higashishiokoji-cho, Shimogyo-ku"),
                t("下京区烏丸通", "Karasuma-dori, Shimogyo-ku"), t("中京区二条通", "Nijo-dori, Nakagyo-ku"),
            ],
            postcodes: ["605-0074", "616-8385", "604-8005", "600-8216", "600-8411"],
            localAddress: "〒{p} {c}{s}{n}", englishAddress: "{n} {s}, Kyoto {p}", addressNumber: .japanese),
        CitySpec(
            name: "Osaka", localName: "大阪府大阪市", country: "JP", continent: .asia, latitude: 34.6937, longitude: 135.5023,
            currency: "JPY", basePrice: 12_000, phone: "+81 6-####-####", weight: 5, language: Languages.japanese, localShare: 0.7,
            districts: [
                t("梅田", "Umeda"), t("難波", "Namba"), t("心斎橋", "Shinsaibashi"), t("天王寺", "Tennoji"), t("新大阪", "Shin-Osaka"),
                t("本町", "Hommachi"), t("道頓堀", "Dotonbori"),
            ],
            streets: [
                t("北区梅田", "Umeda, Kita-ku"), t("中央区難波", "Namba, Chuo-ku"), t("中央区心斎橋筋", "Shinsaibashisuji, Chuo-ku"),
                t("阿倍野区阿倍野筋", "Abenosuji, Abeno-ku"), t("淀川区西中島", "Nishinakajima, Yodogawa-ku"), t("中央区本町", "Hommachi, Chuo-ku"),
            ],
            postcodes: ["530-0001", "542-0076", "542-0085", "545-0052", "532-0011"],
            localAddress: "〒{p} {c}{s}{n}", englishAddress: "{n} {s}, Osaka {p}", addressNumber: .japanese),
        CitySpec(
            name: "Beijing", localName: "北京市", country: "CN", continent: .asia, latitude: 39.9042, longitude: 116.4074,
            currency: "CNY", basePrice: 600, phone: "+86 10 #### ####", weight: 6, language: Languages.chineseSimplified, localShare: 0.75,
            districts: [
                t("王府井", "Wangfujing"), t("朝阳", "Chaoyang"), t("三里屯", "Sanlitun"), t("前门", "Qianmen"), t("国贸", "Guomao"),
                t("海淀", "Haidian"), t("东城", "Dongcheng"), t("西单", "Xidan"), t("望京", "Wangjing"),
            ],
            streets: [
                t("东城区王府井大街", "Wangfujing Street, Dongcheng District"), t("朝阳区建国路", "Jianguo Road, Chaoyang District"),
                t("朝阳区三里屯路", "Sanlitun Road, Chaoyang District"), t("东城区前门大街", "Qianmen Street, Dongcheng District"),
                t("海淀区中关村大街", "Zhongguancun Street, Haidian District"), t("西城区西单北大街", "Xidan North Street, Xicheng District"),
                t("朝阳区望京街", "Wangjing Street, Chaoyang District"),
            ],
            postcodes: ["100006", "100022", "100027", "100051", "100080"],
            localAddress: "{c}{s}{n}号", englishAddress: "{n} {s}, Beijing {p}"),
        CitySpec(
            name: "Shanghai", localName: "上海市", country: "CN", continent: .asia, latitude: 31.2304, longitude: 121.4737,
            currency: "CNY", basePrice: 700, phone: "+86 21 #### ####", weight: 7, language: Languages.chineseSimplified, localShare: 0.7,
            districts: [
                t("外滩", "The Bund"), t("陆家嘴", "Lujiazui"), t("人民广场", "People's Square"), t("静安寺", "Jing'an Temple"),
                t("新天地", "Xintiandi"), t("徐家汇", "Xujiahui"), t("虹桥", "Hongqiao"), t("豫园", "Yuyuan"),
            ],
            streets: [
                t("黄浦区中山东一路", "Zhongshan East 1st Road, Huangpu District"), t("浦东新区陆家嘴环路", "Lujiazui Ring Road, Pudong"),
                t("黄浦区南京东路", "Nanjing East Road, Huangpu District"), t("静安区南京西路", "Nanjing West Road, Jing'an District"),
                t("徐汇区淮海中路", "Middle Huaihai Road, Xuhui District"), t("长宁区虹桥路", "Hongqiao Road, Changning District"),
            ],
            postcodes: ["200002", "200120", "200001", "200040", "200031"],
            localAddress: "{c}{s}{n}号", englishAddress: "{n} {s}, Shanghai {p}"),
        CitySpec(
            name: "Hong Kong", localName: "香港", country: "HK", continent: .asia, latitude: 22.3193, longitude: 114.1694,
            currency: "HKD", basePrice: 1_000, phone: "+852 #### ####", weight: 6, language: Languages.chineseTraditional, localShare: 0.5,
            districts: [
                t("尖沙咀", "Tsim Sha Tsui"), t("中環", "Central"), t("銅鑼灣", "Causeway Bay"), t("灣仔", "Wan Chai"), t("旺角", "Mong Kok"),
                t("上環", "Sheung Wan"), t("油麻地", "Yau Ma Tei"), t("北角", "North Point"),
            ],
            streets: [
                t("九龍彌敦道", "Nathan Road, Kowloon"), t("皇后大道中", "Queen's Road Central"), t("軒尼詩道", "Hennessy Road"),
                t("告士打道", "Gloucester Road"), t("九龍廣東道", "Canton Road, Kowloon"), t("德輔道中", "Des Voeux Road Central"),
                t("英皇道", "King's Road"),
            ],
            postcodes: [""],
            localAddress: "{c}{s}{n}號", englishAddress: "{n} {s}, Hong Kong"),
        CitySpec(
            name: "Taipei", localName: "臺北市", country: "TW", continent: .asia, latitude: 25.0330, longitude: 121.5654,
            currency: "TWD", basePrice: 3_000, phone: "+886 2 ####-####", weight: 4, language: Languages.chineseTraditional,
            localShare: 0.7,
            districts: [
                t("信義", "Xinyi"), t("西門町", "Ximending"), t("中山", "Zhongshan"), t("大安", "Da'an"), t("松山", "Songshan"),
                t("北投", "Beitou"), t("萬華", "Wanhua"),
            ],
            streets: [
                t("信義區松壽路", "Songshou Rd., Xinyi Dist."), t("萬華區成都路", "Chengdu Rd., Wanhua Dist."),
                t("中山區中山北路二段", "Sec. 2, Zhongshan N. Rd., Zhongshan Dist."), t("大安區忠孝東路四段", "Sec. 4, Zhongxiao E. Rd., Da'an Dist."),
                t("北投區光明路", "Guangming Rd., Beitou Dist."), t("松山區南京東路五段", "Sec. 5, Nanjing E. Rd., Songshan Dist."),
            ],
            postcodes: ["110", "108", "104", "106", "112", "105"],
            localAddress: "{p}{c}{s}{n}號", englishAddress: "No. {n}, {s}, Taipei City {p}"),
        CitySpec(
            name: "Bangkok", localName: "กรุงเทพมหานคร", country: "TH", continent: .asia, latitude: 13.7563, longitude: 100.5018,
            currency: "THB", basePrice: 1_800, phone: "+66 2 ### ####", weight: 7, language: Languages.thai, localShare: 0.55,
            districts: [
                t("สุขุมวิท", "Sukhumvit"), t("สีลม", "Silom"), t("สยาม", "Siam"), t("ข้าวสาร", "Khao San"), t("ประตูน้ำ", "Pratunam"),
                t("ริมแม่น้ำ", "Riverside"), t("อโศก", "Asok"), t("ทองหล่อ", "Thong Lo"), t("เยาวราช", "Yaowarat"),
            ],
            streets: [
                t("ถนนสุขุมวิท แขวงคลองเตย", "Sukhumvit Road, Khlong Toei"), t("ถนนสีลม แขวงสุริยวงศ์", "Silom Road, Suriyawong"),
                t("ถนนพระราม 1 แขวงปทุมวัน", "Rama I Road, Pathum Wan"), t("ถนนข้าวสาร แขวงตลาดยอด", "Khao San Road, Talat Yot"),
                t("ถนนราชปรารภ แขวงมักกะสัน", "Ratchaprarop Road, Makkasan"), t("ถนนเจริญกรุง แขวงบางรัก", "Charoen Krung Road, Bang Rak"),
                t("ถนนเยาวราช แขวงสัมพันธวงศ์", "Yaowarat Road, Samphanthawong"),
            ],
            postcodes: ["10110", "10500", "10330", "10200", "10400", "10100"],
            localAddress: "{n} {s} {c} {p}", englishAddress: "{n} {s}, Bangkok {p}"),
        CitySpec(
            name: "Singapore", localName: "Singapore", country: "SG", continent: .asia, latitude: 1.2903, longitude: 103.8520,
            currency: "SGD", basePrice: 220, phone: "+65 6### ####", weight: 6, language: Languages.english, localShare: 1,
            districts: latin(["Marina Bay", "Orchard", "Chinatown", "Little India", "Bugis", "Clarke Quay", "Sentosa", "Kampong Glam"]),
            streets: latin([
                "Orchard Road", "Bras Basah Road", "Beach Road", "Serangoon Road", "South Bridge Road", "River Valley Road",
                "Marina Boulevard", "North Bridge Road",
            ]),
            postcodes: ["238801", "189560", "199555", "218227", "058804", "179103", "018956"],
            localAddress: "{n} {s}, Singapore {p}", englishAddress: "{n} {s}, Singapore {p}",
            extraBrands: ["Merlion", "Lion City", "Peranakan", "Straits"]),
        CitySpec(
            name: "Mumbai", localName: "मुंबई", country: "IN", continent: .asia, latitude: 19.0760, longitude: 72.8777,
            currency: "INR", basePrice: 6_000, phone: "+91 22 #### ####", weight: 5, language: Languages.hindi, localShare: 0.35,
            districts: [
                t("कोलाबा", "Colaba"), t("बांद्रा", "Bandra"), t("जुहू", "Juhu"), t("अंधेरी", "Andheri"), t("फ़ोर्ट", "Fort"),
                t("चर्चगेट", "Churchgate"), t("दादर", "Dadar"), t("पवई", "Powai"),
            ],
            streets: [
                t("कोलाबा कॉज़वे", "Colaba Causeway"), t("मरीन ड्राइव", "Marine Drive"), t("जुहू तारा रोड", "Juhu Tara Road"),
                t("लिंकिंग रोड", "Linking Road"), t("अंधेरी-कुर्ला रोड", "Andheri-Kurla Road"), t("डी. एन. रोड", "D. N. Road"),
            ],
            postcodes: ["400001", "400005", "400050", "400049", "400069", "400076"],
            localAddress: "{n}, {s}, {d}, {c} {p}", englishAddress: "{n}, {s}, {d}, Mumbai {p}"),
        CitySpec(
            name: "Delhi", localName: "नई दिल्ली", country: "IN", continent: .asia, latitude: 28.6139, longitude: 77.2090,
            currency: "INR", basePrice: 5_000, phone: "+91 11 #### ####", weight: 5, language: Languages.hindi, localShare: 0.35,
            districts: [
                t("कनॉट प्लेस", "Connaught Place"), t("करोल बाग", "Karol Bagh"), t("पहाड़गंज", "Paharganj"), t("चाणक्यपुरी", "Chanakyapuri"),
                t("एयरोसिटी", "Aerocity"), t("हौज़ खास", "Hauz Khas"), t("चांदनी चौक", "Chandni Chowk"), t("साकेत", "Saket"),
            ],
            streets: [
                t("जनपथ", "Janpath"), t("बाराखंबा रोड", "Barakhamba Road"), t("मेन बाज़ार", "Main Bazaar"), t("सरदार पटेल मार्ग", "Sardar Patel Marg"),
                t("अरबिंदो मार्ग", "Aurobindo Marg"), t("चांदनी चौक रोड", "Chandni Chowk Road"),
            ],
            postcodes: ["110001", "110005", "110055", "110021", "110037", "110016"],
            localAddress: "{n}, {s}, {d}, {c} {p}", englishAddress: "{n}, {s}, {d}, New Delhi {p}"),
        CitySpec(
            name: "Dubai", localName: "دبي", country: "AE", continent: .asia, latitude: 25.2048, longitude: 55.2708,
            currency: "AED", basePrice: 450, phone: "+971 4 ### ####", weight: 6, language: Languages.arabic, localShare: 0.45,
            districts: [
                t("ديرة", "Deira"), t("بر دبي", "Bur Dubai"), t("جميرا", "Jumeirah"), t("وسط مدينة دبي", "Downtown Dubai"),
                t("مرسى دبي", "Dubai Marina"), t("البرشاء", "Al Barsha"), t("الكرامة", "Al Karama"), t("نخلة جميرا", "Palm Jumeirah"),
            ],
            streets: [
                t("شارع الشيخ زايد", "Sheikh Zayed Road"), t("شارع الرقة", "Al Rigga Street"), t("شارع جميرا", "Jumeirah Beach Road"),
                t("شارع المنخول", "Al Mankhool Road"), t("شارع البرشاء", "Al Barsha Road"), t("شارع الخليج", "Al Khaleej Road"),
                t("بوليفارد محمد بن راشد", "Mohammed bin Rashid Boulevard"),
            ],
            postcodes: [""],
            localAddress: "{n} {s}، {d}، {c}", englishAddress: "{n} {s}, {d}, Dubai",
            extraBrands: ["Desert Rose", "Al Bustan", "Oasis"]),
        CitySpec(
            name: "Riyadh", localName: "الرياض", country: "SA", continent: .asia, latitude: 24.7136, longitude: 46.6753,
            currency: "SAR", basePrice: 450, phone: "+966 11 ### ####", weight: 3, language: Languages.arabic, localShare: 0.65,
            districts: [
                t("العليا", "Al Olaya"), t("الملز", "Al Malaz"), t("البطحاء", "Al Batha"), t("الورود", "Al Wurud"),
                t("السليمانية", "Al Sulimaniyah"), t("حي السفارات", "Diplomatic Quarter"), t("الملقا", "Al Malqa"),
            ],
            streets: [
                t("طريق الملك فهد", "King Fahd Road"), t("شارع العليا", "Olaya Street"), t("طريق الملك عبدالله", "King Abdullah Road"),
                t("شارع التحلية", "Tahlia Street"), t("طريق مكة", "Makkah Road"),
                t("شارع الأمير محمد بن عبدالعزيز", "Prince Mohammed bin Abdulaziz Street"),
            ],
            postcodes: ["12211", "12611", "11564", "12251", "12694"],
            localAddress: "{n} {s}، {d}، {c} {p}", englishAddress: "{n} {s}, {d}, Riyadh {p}", arabicIndicDigits: true),
        CitySpec(
            name: "Hanoi", localName: "Hà Nội", country: "VN", continent: .asia, latitude: 21.0278, longitude: 105.8342,
            currency: "VND", basePrice: 1_200_000, phone: "+84 24 #### ####", weight: 3, language: Languages.vietnamese, localShare: 0.65,
            districts: [
                t("Phố Cổ", "Old Quarter"), t("Hoàn Kiếm", "Hoan Kiem"), t("Tây Hồ", "Tay Ho"), t("Ba Đình", "Ba Dinh"),
                t("Hai Bà Trưng", "Hai Ba Trung"), t("Đống Đa", "Dong Da"),
            ],
            streets: latin([
                "Phố Hàng Bạc", "Phố Tràng Tiền", "Phố Hàng Gai", "Đường Thanh Niên", "Phố Lý Thường Kiệt", "Phố Mã Mây", "Phố Bà Triệu",
            ]),
            postcodes: ["100000"],
            localAddress: "{n} {s}, {d}, {c}", englishAddress: "{n} {s}, {d}, Hanoi",
            extraBrands: ["Lotus", "Silk Path", "Dragon"]),
    ]

    // MARK: Africa

    static let africa: [CitySpec] = [
        CitySpec(
            name: "Cairo", localName: "القاهرة", country: "EG", continent: .africa, latitude: 30.0444, longitude: 31.2357,
            currency: "EGP", basePrice: 2_500, phone: "+20 2 #### ####", weight: 4, language: Languages.arabic, localShare: 0.6,
            districts: [
                t("الزمالك", "Zamalek"), t("وسط البلد", "Downtown"), t("جاردن سيتي", "Garden City"), t("مصر الجديدة", "Heliopolis"),
                t("الجيزة", "Giza"), t("المعادي", "Maadi"), t("الدقي", "Dokki"), t("خان الخليلي", "Khan el-Khalili"),
            ],
            streets: [
                t("شارع ٢٦ يوليو", "26th of July Street"), t("كورنيش النيل", "Corniche El Nil"), t("شارع طلعت حرب", "Talaat Harb Street"),
                t("شارع الهرم", "Al Haram Street"), t("شارع التحرير", "Tahrir Street"), t("شارع قصر النيل", "Qasr El Nil Street"),
                t("شارع الأزهر", "Al Azhar Street"),
            ],
            postcodes: ["11511", "11211", "11561", "12556"],
            localAddress: "{n} {s}، {d}، {c}", englishAddress: "{n} {s}, {d}, Cairo", arabicIndicDigits: true,
            extraBrands: ["Pyramids", "Nile View", "Pharaoh"]),
        CitySpec(
            name: "Marrakesh", localName: "Marrakech", country: "MA", continent: .africa, latitude: 31.6295, longitude: -7.9811,
            currency: "MAD", basePrice: 900, phone: "+212 524-######", weight: 2, language: Languages.moroccan, localShare: 0.75,
            districts: latin(["Médina", "Guéliz", "Hivernage", "Palmeraie", "Kasbah", "Mellah", "Sidi Ghanem"]),
            streets: latin([
                "Derb Dabachi", "Rue de la Kasbah", "Avenue Mohammed V", "Rue de Yougoslavie", "Derb Sidi Ahmed Ben Nasser",
                "Avenue Hassan II", "Boulevard Mohammed VI",
            ]),
            postcodes: ["40000", "40040", "40020"],
            localAddress: "{n} {s}, {d}, {p} {c}", englishAddress: "{n} {s}, {d}, {p} Marrakesh",
            extraBrands: ["Atlas", "Saffron", "Palm Grove"]),
        CitySpec(
            name: "Cape Town", localName: "Cape Town", country: "ZA", continent: .africa, latitude: -33.9249, longitude: 18.4241,
            currency: "ZAR", basePrice: 1_800, phone: "+27 21 ### ####", weight: 3, language: Languages.english, localShare: 1,
            districts: latin(["City Bowl", "V&A Waterfront", "Sea Point", "Camps Bay", "Green Point", "Gardens", "De Waterkant", "Bo-Kaap"]
            ),
            streets: latin([
                "Long Street", "Strand Street", "Beach Road", "Victoria Road", "Kloof Street", "Bree Street", "Main Road", "Dock Road",
            ]),
            postcodes: ["8001", "8005", "8060", "8002"],
            localAddress: "{n} {s}, {d}, Cape Town, {p}", englishAddress: "{n} {s}, {d}, Cape Town, {p}",
            extraBrands: ["Table Mountain", "Protea", "Fynbos", "Atlantic"]),
        CitySpec(
            name: "Nairobi", localName: "Nairobi", country: "KE", continent: .africa, latitude: -1.2921, longitude: 36.8219,
            currency: "KES", basePrice: 12_000, phone: "+254 20 #######", weight: 2, language: Languages.english, localShare: 1,
            districts: latin(["Westlands", "Kilimani", "CBD", "Upper Hill", "Karen", "Gigiri", "Lavington", "Parklands"]),
            streets: latin([
                "Kenyatta Avenue", "Moi Avenue", "Waiyaki Way", "Ngong Road", "Muthithi Road", "Argwings Kodhek Road",
                "Limuru Road", "Karen Road",
            ]),
            postcodes: ["00100", "00800", "00502"],
            localAddress: "{n} {s}, {d}, Nairobi {p}", englishAddress: "{n} {s}, {d}, Nairobi {p}",
            extraBrands: ["Safari", "Jambo", "Simba", "Twiga", "Karibu", "Acacia"]),
        CitySpec(
            name: "Lagos", localName: "Lagos", country: "NG", continent: .africa, latitude: 6.5244, longitude: 3.3792,
            currency: "NGN", basePrice: 80_000, phone: "+234 1 ### ####", weight: 2, language: Languages.english, localShare: 1,
            districts: latin(["Victoria Island", "Ikoyi", "Ikeja", "Lekki", "Lagos Island", "Yaba", "Surulere"]),
            streets: latin([
                "Adeola Odeku Street", "Ozumba Mbadiwe Avenue", "Awolowo Road", "Allen Avenue", "Admiralty Way", "Broad Street",
                "Herbert Macaulay Way",
            ]),
            postcodes: ["101241", "106104", "100271"],
            localAddress: "{n} {s}, {d}, Lagos", englishAddress: "{n} {s}, {d}, Lagos",
            extraBrands: ["Eko", "Lagoon", "Oduduwa"]),
    ]

    // MARK: Europe

    static let europe: [CitySpec] = [
        CitySpec(
            name: "Istanbul", localName: "İstanbul", country: "TR", continent: .europe, latitude: 41.0082, longitude: 28.9784,
            currency: "TRY", basePrice: 3_500, phone: "+90 212 ### ## ##", weight: 6, language: Languages.turkish, localShare: 0.7,
            districts: latin(["Sultanahmet", "Beyoğlu", "Taksim", "Karaköy", "Beşiktaş", "Kadıköy", "Şişli", "Fatih", "Nişantaşı"]),
            streets: latin([
                "İstiklal Caddesi", "Divan Yolu Caddesi", "Cumhuriyet Caddesi", "Kennedy Caddesi", "Bağdat Caddesi",
                "Halaskargazi Caddesi", "Kumkapı Sokak", "Mumhane Caddesi",
            ]),
            postcodes: ["34122", "34435", "34437", "34349", "34710"],
            localAddress: "{s} No:{n}, {p} {d}/{c}", englishAddress: "{s} No:{n}, {p} {d}/Istanbul"),
        CitySpec(
            name: "Athens", localName: "Αθήνα", country: "GR", continent: .europe, latitude: 37.9838, longitude: 23.7275,
            currency: "EUR", basePrice: 120, phone: "+30 21# ### ####", weight: 4, language: Languages.greek, localShare: 0.6,
            districts: [
                t("Πλάκα", "Plaka"), t("Μοναστηράκι", "Monastiraki"), t("Σύνταγμα", "Syntagma"), t("Κολωνάκι", "Kolonaki"),
                t("Ψυρρή", "Psyrri"), t("Κουκάκι", "Koukaki"), t("Ομόνοια", "Omonia"), t("Θησείο", "Thissio"),
            ],
            streets: [
                t("Ερμού", "Ermou Street"), t("Λεωφόρος Αμαλίας", "Amalias Avenue"), t("Αιόλου", "Aiolou Street"),
                t("Αδριανού", "Adrianou Street"), t("Λεωφόρος Συγγρού", "Syngrou Avenue"), t("Πατησίων", "Patision Street"),
                t("Μητροπόλεως", "Mitropoleos Street"),
            ],
            postcodes: ["105 63", "105 55", "106 74", "117 42", "104 31"],
            localAddress: "{s} {n}, {p} {c}", englishAddress: "{s} {n}, {p} Athens"),
        CitySpec(
            name: "Rome", localName: "Roma", country: "IT", continent: .europe, latitude: 41.9028, longitude: 12.4964,
            currency: "EUR", basePrice: 150, phone: "+39 06 #### ####", weight: 6, language: Languages.italian, localShare: 0.7,
            districts: latin([
                "Centro Storico", "Trastevere", "Monti", "Prati", "Testaccio", "Esquilino", "Trevi", "Campo de' Fiori", "Parioli",
            ]),
            streets: latin([
                "Via del Corso", "Via Nazionale", "Via Veneto", "Via dei Fori Imperiali", "Via Cavour", "Via della Lungaretta",
                "Via Cola di Rienzo", "Via Marmorata", "Via Giulia",
            ]),
            postcodes: ["00186", "00184", "00187", "00153", "00193", "00185"],
            localAddress: "{s} {n}, {p} {c} RM", englishAddress: "{s} {n}, {p} Rome"),
        CitySpec(
            name: "Paris", localName: "Paris", country: "FR", continent: .europe, latitude: 48.8566, longitude: 2.3522,
            currency: "EUR", basePrice: 180, phone: "+33 1 ## ## ## ##", weight: 9, language: Languages.french, localShare: 0.75,
            districts: latin([
                "Montmartre", "Le Marais", "Saint-Germain-des-Prés", "Opéra", "Champs-Élysées", "Bastille", "Quartier Latin",
                "Montparnasse", "République",
            ]),
            streets: latin([
                "rue de Rivoli", "boulevard Saint-Germain", "avenue des Champs-Élysées", "rue du Faubourg Saint-Honoré",
                "boulevard Haussmann", "rue de la Roquette", "rue Mouffetard", "boulevard du Montparnasse", "rue des Abbesses",
            ]),
            postcodes: ["75001", "75003", "75004", "75005", "75006", "75008", "75009", "75011", "75014", "75018"],
            localAddress: "{n} {s}, {p} {c}", englishAddress: "{n} {s}, {p} Paris"),
        CitySpec(
            name: "Berlin", localName: "Berlin", country: "DE", continent: .europe, latitude: 52.5200, longitude: 13.4050,
            currency: "EUR", basePrice: 110, phone: "+49 30 ########", weight: 5, language: Languages.german, localShare: 0.6,
            districts: latin([
                "Mitte", "Kreuzberg", "Prenzlauer Berg", "Charlottenburg", "Friedrichshain", "Schöneberg", "Tiergarten", "Neukölln",
            ]),
            streets: latin([
                "Friedrichstraße", "Unter den Linden", "Kurfürstendamm", "Oranienstraße", "Torstraße", "Karl-Marx-Allee",
                "Kastanienallee", "Potsdamer Straße",
            ]),
            postcodes: ["10117", "10178", "10435", "10719", "10997", "10243", "10785"],
            localAddress: "{s} {n}, {p} {c}", englishAddress: "{s} {n}, {p} Berlin"),
        CitySpec(
            name: "Munich", localName: "München", country: "DE", continent: .europe, latitude: 48.1351, longitude: 11.5820,
            currency: "EUR", basePrice: 140, phone: "+49 89 ########", weight: 4, language: Languages.german, localShare: 0.65,
            districts: latin(["Altstadt", "Schwabing", "Maxvorstadt", "Haidhausen", "Glockenbachviertel", "Bogenhausen", "Ludwigsvorstadt"]
            ),
            streets: latin([
                "Maximilianstraße", "Leopoldstraße", "Sendlinger Straße", "Bayerstraße", "Ludwigstraße", "Rosenheimer Straße",
                "Müllerstraße",
            ]),
            postcodes: ["80331", "80802", "80333", "81667", "80469", "80335"],
            localAddress: "{s} {n}, {p} {c}", englishAddress: "{s} {n}, {p} Munich"),
        CitySpec(
            name: "Zürich", localName: "Zürich", country: "CH", continent: .europe, latitude: 47.3769, longitude: 8.5417,
            currency: "CHF", basePrice: 220, phone: "+41 44 ### ## ##", weight: 2, language: Languages.german, localShare: 0.7,
            districts: latin(["Altstadt", "Niederdorf", "Enge", "Seefeld", "Kreis 5", "Oerlikon", "Wiedikon", "Hottingen"]),
            streets: latin([
                "Bahnhofstrasse", "Niederdorfstrasse", "Limmatquai", "Seefeldstrasse", "Langstrasse", "Rämistrasse",
                "Löwenstrasse", "Badenerstrasse",
            ]),
            postcodes: ["8001", "8002", "8005", "8008", "8004", "8050"],
            localAddress: "{s} {n}, {p} {c}", englishAddress: "{s} {n}, {p} Zürich"),
        CitySpec(
            name: "Vienna", localName: "Wien", country: "AT", continent: .europe, latitude: 48.2082, longitude: 16.3738,
            currency: "EUR", basePrice: 130, phone: "+43 1 #######", weight: 4, language: Languages.german, localShare: 0.65,
            districts: latin(["Innere Stadt", "Leopoldstadt", "Mariahilf", "Neubau", "Wieden", "Landstraße", "Josefstadt", "Alsergrund"]),
            streets: latin([
                "Kärntner Straße", "Mariahilfer Straße", "Opernring", "Praterstraße", "Graben", "Landstraßer Hauptstraße",
                "Josefstädter Straße", "Wiedner Hauptstraße",
            ]),
            postcodes: ["1010", "1020", "1060", "1070", "1040", "1030", "1080", "1090"],
            localAddress: "{s} {n}, {p} {c}", englishAddress: "{s} {n}, {p} Vienna"),
        CitySpec(
            name: "Prague", localName: "Praha", country: "CZ", continent: .europe, latitude: 50.0755, longitude: 14.4378,
            currency: "CZK", basePrice: 2_800, phone: "+420 2## ### ###", weight: 4, language: Languages.czech, localShare: 0.6,
            districts: latin(["Staré Město", "Malá Strana", "Nové Město", "Vinohrady", "Žižkov", "Karlín", "Holešovice", "Hradčany"]),
            streets: latin(["Karlova", "Celetná", "Nerudova", "Václavské náměstí", "Vinohradská", "Seifertova", "Sokolovská", "Pařížská"]),
            postcodes: ["110 00", "118 00", "120 00", "130 00", "186 00", "170 00"],
            localAddress: "{s} {n}, {p} {c}", englishAddress: "{s} {n}, {p} Prague"),
        CitySpec(
            name: "Kraków", localName: "Kraków", country: "PL", continent: .europe, latitude: 50.0647, longitude: 19.9450,
            currency: "PLN", basePrice: 400, phone: "+48 12 ### ## ##", weight: 2, language: Languages.polish, localShare: 0.65,
            districts: latin(["Stare Miasto", "Kazimierz", "Podgórze", "Kleparz", "Zwierzyniec", "Łobzów", "Nowa Huta", "Dębniki"]),
            streets: latin([
                "ul. Floriańska", "ul. Grodzka", "ul. Szeroka", "ul. Józefa", "ul. Długa", "ul. Krakowska", "al. Pokoju",
                "ul. Zwierzyniecka",
            ]),
            postcodes: ["31-019", "31-007", "31-052", "30-534", "31-150"],
            localAddress: "{s} {n}, {p} {c}", englishAddress: "{s} {n}, {p} Kraków"),
        CitySpec(
            name: "Stockholm", localName: "Stockholm", country: "SE", continent: .europe, latitude: 59.3293, longitude: 18.0686,
            currency: "SEK", basePrice: 1_400, phone: "+46 8 ### ### ##", weight: 3, language: Languages.swedish, localShare: 0.6,
            districts: latin(["Gamla stan", "Södermalm", "Östermalm", "Norrmalm", "Kungsholmen", "Vasastan", "Djurgården"]),
            streets: latin(["Drottninggatan", "Götgatan", "Strandvägen", "Sveavägen", "Västerlånggatan", "Hornsgatan", "Birger Jarlsgatan"]
            ),
            postcodes: ["111 29", "118 46", "114 56", "111 52", "112 22", "113 57"],
            localAddress: "{s} {n}, {p} {c}", englishAddress: "{s} {n}, {p} Stockholm"),
        CitySpec(
            name: "Reykjavík", localName: "Reykjavík", country: "IS", continent: .europe, latitude: 64.1466, longitude: -21.9426,
            currency: "ISK", basePrice: 25_000, phone: "+354 5## ####", weight: 1, language: Languages.icelandic, localShare: 0.6,
            districts: latin(["Miðborg", "Vesturbær", "Hlíðar", "Laugardalur", "Grandi", "Skólavörðuholt"]),
            streets: latin([
                "Laugavegur", "Skólavörðustígur", "Hverfisgata", "Bankastræti", "Austurstræti", "Lækjargata", "Grandagarður",
                "Borgartún",
            ]),
            postcodes: ["101", "105", "107", "104"],
            localAddress: "{s} {n}, {p} {c}", englishAddress: "{s} {n}, {p} Reykjavík",
            extraBrands: ["Aurora", "Northern Lights", "Glacier"]),
        CitySpec(
            name: "London", localName: "London", country: "GB", continent: .europe, latitude: 51.5074, longitude: -0.1278,
            currency: "GBP", basePrice: 150, phone: "+44 20 #### ####", weight: 9, language: Languages.english, localShare: 1,
            districts: latin([
                "Covent Garden", "Soho", "Kensington", "Mayfair", "Paddington", "Shoreditch", "Westminster", "Bloomsbury",
                "South Bank", "Camden",
            ]),
            streets: latin([
                "Oxford Street", "Baker Street", "Strand", "Piccadilly", "Kensington High Street", "Great Russell Street",
                "Shoreditch High Street", "Marylebone Road", "Praed Street",
            ]),
            postcodes: ["WC2E 9DD", "W1D 3QU", "W8 5SA", "W1K 1LB", "W2 1HB", "E1 6JE", "SW1A 2HQ", "WC1B 3BS"],
            localAddress: "{n} {s}, London {p}", englishAddress: "{n} {s}, London {p}",
            extraBrands: ["Thames", "Victoria", "Kensington", "Albion"]),
        CitySpec(
            name: "Edinburgh", localName: "Edinburgh", country: "GB", continent: .europe, latitude: 55.9533, longitude: -3.1883,
            currency: "GBP", basePrice: 120, phone: "+44 131 ### ####", weight: 2, language: Languages.english, localShare: 1,
            districts: latin(["Old Town", "New Town", "Leith", "Stockbridge", "West End", "Haymarket"]),
            streets: latin(["High Street", "Princes Street", "George Street", "Grassmarket", "Leith Walk", "Queen Street", "Lothian Road"]),
            postcodes: ["EH1 1RE", "EH2 2AN", "EH6 6BX", "EH3 6TB", "EH12 5EY"],
            localAddress: "{n} {s}, Edinburgh {p}", englishAddress: "{n} {s}, Edinburgh {p}",
            extraBrands: ["Thistle", "Caledonian", "Highland"]),
        CitySpec(
            name: "Madrid", localName: "Madrid", country: "ES", continent: .europe, latitude: 40.4168, longitude: -3.7038,
            currency: "EUR", basePrice: 120, phone: "+34 91# ### ###", weight: 5, language: Languages.spanish, localShare: 0.7,
            districts: latin(["Sol", "Gran Vía", "Malasaña", "Chueca", "Salamanca", "Lavapiés", "La Latina", "Chamberí", "Retiro"]),
            streets: latin([
                "Calle de Alcalá", "Gran Vía", "Calle Mayor", "Calle de Serrano", "Paseo del Prado", "Calle de Atocha",
                "Calle de Fuencarral", "Calle de Toledo",
            ]),
            postcodes: ["28013", "28004", "28001", "28012", "28014", "28005"],
            localAddress: "{s}, {n}, {p} {c}", englishAddress: "{s}, {n}, {p} Madrid"),
        CitySpec(
            name: "Barcelona", localName: "Barcelona", country: "ES", continent: .europe, latitude: 41.3874, longitude: 2.1686,
            currency: "EUR", basePrice: 140, phone: "+34 93# ### ###", weight: 5, language: Languages.spanish, localShare: 0.65,
            districts: latin(["Barri Gòtic", "El Born", "Eixample", "Gràcia", "Barceloneta", "El Raval", "Poble-sec", "Sant Antoni"]),
            streets: latin([
                "La Rambla", "Passeig de Gràcia", "Carrer de Balmes", "Via Laietana", "Carrer de Pelai", "Avinguda Diagonal",
                "Carrer del Consell de Cent", "Passeig de Joan de Borbó",
            ]),
            postcodes: ["08002", "08003", "08007", "08008", "08012", "08039"],
            localAddress: "{s}, {n}, {p} {c}", englishAddress: "{s}, {n}, {p} Barcelona"),
        CitySpec(
            name: "Lisbon", localName: "Lisboa", country: "PT", continent: .europe, latitude: 38.7223, longitude: -9.1393,
            currency: "EUR", basePrice: 110, phone: "+351 21# ### ###", weight: 4, language: Languages.portuguese, localShare: 0.65,
            districts: latin(["Baixa", "Chiado", "Alfama", "Bairro Alto", "Belém", "Príncipe Real", "Cais do Sodré", "Graça"]),
            streets: latin([
                "Rua Augusta", "Avenida da Liberdade", "Rua Garrett", "Rua dos Remédios", "Rua da Rosa", "Rua de Belém",
                "Rua do Alecrim", "Largo da Graça",
            ]),
            postcodes: ["1100-053", "1200-109", "1100-302", "1250-096", "1300-085", "1200-018"],
            localAddress: "{s} {n}, {p} {c}", englishAddress: "{s} {n}, {p} Lisbon"),
        CitySpec(
            name: "Amsterdam", localName: "Amsterdam", country: "NL", continent: .europe, latitude: 52.3676, longitude: 4.9041,
            currency: "EUR", basePrice: 170, phone: "+31 20 ### ####", weight: 5, language: Languages.dutch, localShare: 0.55,
            districts: latin(["Centrum", "Jordaan", "De Pijp", "Oud-West", "Oost", "Museumkwartier", "Grachtengordel", "De Wallen"]),
            streets: latin([
                "Damrak", "Prinsengracht", "Herengracht", "Keizersgracht", "Ferdinand Bolstraat", "Overtoom", "Leidsestraat",
                "Rokin",
            ]),
            postcodes: ["1012 JS", "1016 GV", "1017 CZ", "1072 CS", "1054 HW", "1015 BA"],
            localAddress: "{s} {n}, {p} {c}", englishAddress: "{s} {n}, {p} Amsterdam",
            extraBrands: ["Canal House", "Tulip", "Windmill"]),
        CitySpec(
            name: "Moscow", localName: "Москва", country: "RU", continent: .europe, latitude: 55.7558, longitude: 37.6173,
            currency: "RUB", basePrice: 7_000, phone: "+7 495 ###-##-##", weight: 5, language: Languages.russian, localShare: 0.7,
            districts: [
                t("Арбат", "Arbat"), t("Тверская", "Tverskaya"), t("Китай-город", "Kitay-Gorod"), t("Замоскворечье", "Zamoskvorechye"),
                t("Пресня", "Presnya"), t("Сокольники", "Sokolniki"), t("Таганка", "Taganka"), t("Басманный", "Basmanny"),
            ],
            streets: [
                t("ул. Тверская", "Tverskaya Street"), t("ул. Арбат", "Arbat Street"), t("ул. Новый Арбат", "Novy Arbat Street"),
                t("ул. Мясницкая", "Myasnitskaya Street"), t("ул. Большая Ордынка", "Bolshaya Ordynka Street"),
                t("Кутузовский пр-т", "Kutuzovsky Prospekt"), t("Ленинградский пр-т", "Leningradsky Prospekt"),
                t("ул. Покровка", "Pokrovka Street"),
            ],
            postcodes: ["125009", "119002", "101000", "115035", "121099", "105005"],
            localAddress: "{s}, д. {n}, {c}, {p}", englishAddress: "{n} {s}, Moscow {p}"),
        CitySpec(
            name: "Saint Petersburg", localName: "Санкт-Петербург", country: "RU", continent: .europe, latitude: 59.9343,
            longitude: 30.3351,
            currency: "RUB", basePrice: 6_000, phone: "+7 812 ###-##-##", weight: 3, language: Languages.russian, localShare: 0.7,
            districts: [
                t("Центральный", "Tsentralny"), t("Невский", "Nevsky"), t("Васильевский остров", "Vasilyevsky Island"),
                t("Петроградская", "Petrogradskaya"), t("Адмиралтейский", "Admiralteysky"), t("Коломна", "Kolomna"),
            ],
            streets: [
                t("Невский пр-т", "Nevsky Prospekt"), t("ул. Рубинштейна", "Rubinsteina Street"), t("Литейный пр-т", "Liteyny Prospekt"),
                t("наб. реки Мойки", "Moika Embankment"), t("Большой пр-т В.О.", "Bolshoy Prospekt V.O."),
                t("Каменноостровский пр-т", "Kamennoostrovsky Prospekt"),
            ],
            postcodes: ["191025", "191011", "199034", "197101", "190000"],
            localAddress: "{s}, д. {n}, {c}, {p}", englishAddress: "{n} {s}, Saint Petersburg {p}"),
    ]

    // MARK: North America

    static let northAmerica: [CitySpec] = [
        CitySpec(
            name: "New York", localName: "New York", country: "US", continent: .northAmerica, latitude: 40.7128, longitude: -74.0060,
            currency: "USD", basePrice: 250, phone: "+1 212-###-####", weight: 9, language: Languages.english, localShare: 1,
            districts: latin([
                "Midtown", "Times Square", "SoHo", "Chelsea", "Upper East Side", "Financial District", "Lower East Side",
                "Tribeca", "Harlem", "Greenwich Village",
            ]),
            streets: latin([
                "Broadway", "Fifth Avenue", "W 44th St", "Park Avenue", "Lexington Avenue", "Bowery", "Madison Avenue",
                "W 57th St", "Spring Street", "Lenox Avenue",
            ]),
            postcodes: ["10036", "10012", "10011", "10021", "10004", "10002", "10013", "10027", "10014"],
            localAddress: "{n} {s}, New York, NY {p}", englishAddress: "{n} {s}, New York, NY {p}",
            extraBrands: ["Empire", "Hudson", "Manhattan", "Liberty"]),
        CitySpec(
            name: "Chicago", localName: "Chicago", country: "US", continent: .northAmerica, latitude: 41.8781, longitude: -87.6298,
            currency: "USD", basePrice: 180, phone: "+1 312-###-####", weight: 4, language: Languages.english, localShare: 1,
            districts: latin([
                "The Loop", "River North", "Magnificent Mile", "West Loop", "Gold Coast", "Lincoln Park", "South Loop", "Wicker Park",
            ]),
            streets: latin([
                "N Michigan Ave", "W Madison St", "N State St", "S Wabash Ave", "W Randolph St", "N Clark St", "W Wacker Dr",
                "N Milwaukee Ave",
            ]),
            postcodes: ["60601", "60611", "60654", "60607", "60610", "60614", "60605", "60622"],
            localAddress: "{n} {s}, Chicago, IL {p}", englishAddress: "{n} {s}, Chicago, IL {p}",
            extraBrands: ["Lakeshore", "Windy City", "Prairie"]),
        CitySpec(
            name: "San Francisco", localName: "San Francisco", country: "US", continent: .northAmerica, latitude: 37.7749,
            longitude: -122.4194,
            currency: "USD", basePrice: 220, phone: "+1 415-###-####", weight: 4, language: Languages.english, localShare: 1,
            districts: latin([
                "Union Square", "Fisherman's Wharf", "SoMa", "Nob Hill", "Mission District", "Chinatown", "Marina",
                "Haight-Ashbury", "Embarcadero",
            ]),
            streets: latin([
                "Market St", "Geary St", "Powell St", "California St", "Mission St", "Jefferson St", "Lombard St", "Valencia St",
                "Haight St",
            ]),
            postcodes: ["94102", "94133", "94103", "94108", "94110", "94123", "94117", "94111"],
            localAddress: "{n} {s}, San Francisco, CA {p}", englishAddress: "{n} {s}, San Francisco, CA {p}",
            extraBrands: ["Golden Gate", "Bay Bridge", "Presidio"]),
        CitySpec(
            name: "Los Angeles", localName: "Los Angeles", country: "US", continent: .northAmerica, latitude: 34.0522, longitude: -118.2437,
            currency: "USD", basePrice: 190, phone: "+1 213-###-####", weight: 5, language: Languages.english, localShare: 1,
            districts: latin([
                "Hollywood", "Downtown", "Santa Monica", "Beverly Hills", "Venice", "West Hollywood", "Koreatown", "Silver Lake",
            ]),
            streets: latin([
                "Hollywood Blvd", "Sunset Blvd", "Wilshire Blvd", "S Figueroa St", "Ocean Ave", "Santa Monica Blvd", "W 6th St",
                "Melrose Ave",
            ]),
            postcodes: ["90028", "90071", "90401", "90210", "90291", "90069", "90020", "90026"],
            localAddress: "{n} {s}, Los Angeles, CA {p}", englishAddress: "{n} {s}, Los Angeles, CA {p}",
            extraBrands: ["Sunset", "Pacific", "Palm"]),
        CitySpec(
            name: "Mexico City", localName: "Ciudad de México", country: "MX", continent: .northAmerica, latitude: 19.4326,
            longitude: -99.1332,
            currency: "MXN", basePrice: 1_800, phone: "+52 55 #### ####", weight: 5, language: Languages.spanish, localShare: 0.75,
            districts: latin(["Centro Histórico", "Polanco", "Roma Norte", "Condesa", "Zona Rosa", "Coyoacán", "Reforma", "San Ángel"]),
            streets: latin([
                "Paseo de la Reforma", "Avenida Madero", "Calle Álvaro Obregón", "Avenida Presidente Masaryk", "Calle Génova",
                "Avenida Insurgentes Sur", "Calle Ámsterdam",
            ]),
            postcodes: ["06000", "11560", "06700", "06140", "06600", "04000"],
            localAddress: "{s} {n}, {d}, {p} {c}, CDMX", englishAddress: "{s} {n}, {d}, {p} Mexico City"),
        CitySpec(
            name: "Havana", localName: "La Habana", country: "CU", continent: .northAmerica, latitude: 23.1136, longitude: -82.3666,
            currency: "CUP", basePrice: 2_000, phone: "+53 7 #######", weight: 2, language: Languages.spanish, localShare: 0.8,
            districts: latin(["Habana Vieja", "Vedado", "Centro Habana", "Miramar", "Malecón"]),
            streets: latin([
                "Calle Obispo", "Paseo del Prado", "Calle 23", "Avenida de los Presidentes", "Calle Mercaderes", "Malecón",
                "Calle Neptuno",
            ]),
            postcodes: ["10100", "10400", "10200"],
            localAddress: "{s} {n}, {d}, {c}", englishAddress: "{s} {n}, {d}, Havana"),
        CitySpec(
            name: "Vancouver", localName: "Vancouver", country: "CA", continent: .northAmerica, latitude: 49.2827, longitude: -123.1207,
            currency: "CAD", basePrice: 220, phone: "+1 604-###-####", weight: 3, language: Languages.english, localShare: 1,
            districts: latin(["Downtown", "Gastown", "Yaletown", "West End", "Coal Harbour", "Kitsilano", "Granville Island"]),
            streets: latin([
                "Granville St", "Robson St", "W Hastings St", "Davie St", "W Georgia St", "Water St", "W 4th Ave", "Burrard St",
            ]),
            postcodes: ["V6C 1T2", "V6B 1A1", "V6E 1N7", "V6K 2E6", "V6Z 1L2"],
            localAddress: "{n} {s}, Vancouver, BC {p}", englishAddress: "{n} {s}, Vancouver, BC {p}",
            extraBrands: ["Pacific", "Cascade", "Maple"]),
        CitySpec(
            name: "Montréal", localName: "Montréal", country: "CA", continent: .northAmerica, latitude: 45.5017, longitude: -73.5673,
            currency: "CAD", basePrice: 180, phone: "+1 514-###-####", weight: 3, language: Languages.french, localShare: 0.6,
            districts: latin([
                "Vieux-Montréal", "Plateau-Mont-Royal", "Centre-Ville", "Quartier Latin", "Mile End", "Griffintown", "Outremont",
            ]),
            streets: latin([
                "rue Sainte-Catherine Ouest", "boulevard Saint-Laurent", "rue Saint-Denis", "rue Sherbrooke Ouest",
                "rue Saint-Paul Ouest", "avenue du Mont-Royal Est", "rue Notre-Dame Ouest",
            ]),
            postcodes: ["H2X 1Y4", "H3B 1A7", "H2Y 1H1", "H2T 1R6", "H3C 2N6"],
            localAddress: "{n} {s}, {c} (Québec) {p}", englishAddress: "{n} {s}, Montréal, QC {p}",
            extraBrands: ["Mont Royal", "Saint-Laurent"]),
    ]

    // MARK: South America

    static let southAmerica: [CitySpec] = [
        CitySpec(
            name: "Bogotá", localName: "Bogotá", country: "CO", continent: .southAmerica, latitude: 4.7110, longitude: -74.0721,
            currency: "COP", basePrice: 300_000, phone: "+57 601 #######", weight: 3, language: Languages.spanish, localShare: 0.75,
            districts: latin(["La Candelaria", "Chapinero", "Usaquén", "Zona Rosa", "Parque 93", "Teusaquillo", "Centro Internacional"]),
            streets: latin(["Carrera 7", "Calle 26", "Avenida Jiménez", "Calle 85", "Carrera 11", "Calle 93B", "Carrera 13"]),
            postcodes: ["110311", "110221", "111711"],
            localAddress: "{s} # {m}-{m}, {d}, {c}", englishAddress: "{s} # {m}-{m}, {d}, Bogotá"),
        CitySpec(
            name: "Lima", localName: "Lima", country: "PE", continent: .southAmerica, latitude: -12.0464, longitude: -77.0428,
            currency: "PEN", basePrice: 300, phone: "+51 1 #######", weight: 3, language: Languages.spanish, localShare: 0.75,
            districts: latin(["Miraflores", "Barranco", "San Isidro", "Centro de Lima", "Surquillo", "Pueblo Libre"]),
            streets: latin([
                "Avenida José Larco", "Avenida Pardo", "Jirón de la Unión", "Avenida Javier Prado", "Calle Berlín", "Avenida Grau",
                "Malecón de la Reserva",
            ]),
            postcodes: ["15074", "15063", "15001", "15046", "15038"],
            localAddress: "{s} {n}, {d}, {c} {p}", englishAddress: "{s} {n}, {d}, Lima {p}"),
        CitySpec(
            name: "São Paulo", localName: "São Paulo", country: "BR", continent: .southAmerica, latitude: -23.5505, longitude: -46.6333,
            currency: "BRL", basePrice: 450, phone: "+55 11 ####-####", weight: 5, language: Languages.portuguese, localShare: 0.75,
            districts: latin(["Jardins", "Vila Madalena", "Pinheiros", "Itaim Bibi", "Centro", "Moema", "Liberdade", "Bela Vista"]),
            streets: latin([
                "Avenida Paulista", "Rua Augusta", "Rua Oscar Freire", "Avenida Brigadeiro Faria Lima", "Rua da Consolação",
                "Rua Galvão Bueno", "Alameda Santos", "Avenida Ibirapuera",
            ]),
            postcodes: ["01310-100", "01305-000", "05414-000", "04538-132", "01508-000", "04029-000"],
            localAddress: "{s}, {n} - {d}, {c} - SP, {p}", englishAddress: "{s}, {n} - {d}, São Paulo - SP, {p}"),
        CitySpec(
            name: "Rio de Janeiro", localName: "Rio de Janeiro", country: "BR", continent: .southAmerica, latitude: -22.9068,
            longitude: -43.1729,
            currency: "BRL", basePrice: 500, phone: "+55 21 ####-####", weight: 4, language: Languages.portuguese, localShare: 0.75,
            districts: latin(["Copacabana", "Ipanema", "Leblon", "Botafogo", "Centro", "Lapa", "Santa Teresa", "Barra da Tijuca"]),
            streets: latin([
                "Avenida Atlântica", "Rua Visconde de Pirajá", "Avenida Vieira Souto", "Rua Voluntários da Pátria",
                "Avenida Rio Branco", "Rua do Lavradio", "Rua Almirante Alexandrino", "Avenida Lúcio Costa",
            ]),
            postcodes: ["22070-011", "22410-003", "22431-050", "22250-040", "20040-002"],
            localAddress: "{s}, {n} - {d}, {c} - RJ, {p}", englishAddress: "{s}, {n} - {d}, Rio de Janeiro - RJ, {p}"),
        CitySpec(
            name: "Buenos Aires", localName: "Buenos Aires", country: "AR", continent: .southAmerica, latitude: -34.6037,
            longitude: -58.3816,
            currency: "ARS", basePrice: 90_000, phone: "+54 11 ####-####", weight: 4, language: Languages.spanish, localShare: 0.75,
            districts: latin(["Palermo", "San Telmo", "Recoleta", "Puerto Madero", "Microcentro", "Belgrano", "La Boca", "Retiro"]),
            streets: latin([
                "Avenida Corrientes", "Avenida de Mayo", "Calle Florida", "Avenida Santa Fe", "Calle Defensa", "Avenida Alvear",
                "Calle Thames", "Avenida 9 de Julio",
            ]),
            postcodes: ["C1043", "C1065", "C1425", "C1107", "C1011"],
            localAddress: "{s} {n}, {p} {c}", englishAddress: "{s} {n}, {p} Buenos Aires"),
        CitySpec(
            name: "Santiago", localName: "Santiago", country: "CL", continent: .southAmerica, latitude: -33.4489, longitude: -70.6693,
            currency: "CLP", basePrice: 80_000, phone: "+56 2 #### ####", weight: 3, language: Languages.spanish, localShare: 0.75,
            districts: latin(["Providencia", "Las Condes", "Bellavista", "Lastarria", "Santiago Centro", "Vitacura", "Ñuñoa"]),
            streets: latin([
                "Avenida Providencia", "Avenida Apoquindo", "Avenida Libertador Bernardo O'Higgins", "Calle José Victorino Lastarria",
                "Avenida Vitacura", "Calle Pío Nono", "Avenida Irarrázaval",
            ]),
            postcodes: ["7500000", "7550000", "8320000"],
            localAddress: "{s} {n}, {d}, {c}", englishAddress: "{s} {n}, {d}, Santiago"),
    ]

    // MARK: Oceania

    static let oceania: [CitySpec] = [
        CitySpec(
            name: "Sydney", localName: "Sydney", country: "AU", continent: .oceania, latitude: -33.8688, longitude: 151.2093,
            currency: "AUD", basePrice: 230, phone: "+61 2 #### ####", weight: 5, language: Languages.english, localShare: 1,
            districts: latin([
                "The Rocks", "Circular Quay", "Darling Harbour", "Surry Hills", "Bondi Beach", "Kings Cross", "Darlinghurst",
                "Haymarket", "Manly",
            ]),
            streets: latin([
                "George St", "Pitt St", "Macquarie St", "Oxford St", "Campbell Pde", "Darlinghurst Rd", "Elizabeth St", "Sussex St",
            ]),
            postcodes: ["2000", "2010", "2026", "2011", "2095"],
            localAddress: "{n} {s}, {d} NSW {p}", englishAddress: "{n} {s}, {d} NSW {p}",
            extraBrands: ["Harbourside", "Opal", "Wattle", "Southern Cross"]),
        CitySpec(
            name: "Melbourne", localName: "Melbourne", country: "AU", continent: .oceania, latitude: -37.8136, longitude: 144.9631,
            currency: "AUD", basePrice: 200, phone: "+61 3 #### ####", weight: 4, language: Languages.english, localShare: 1,
            districts: latin(["CBD", "Southbank", "St Kilda", "Fitzroy", "Carlton", "Docklands", "South Yarra", "Richmond"]),
            streets: latin(["Collins St", "Flinders St", "Swanston St", "Bourke St", "Fitzroy St", "Brunswick St", "Lygon St", "Chapel St"]
            ),
            postcodes: ["3000", "3006", "3182", "3065", "3053", "3008", "3141", "3121"],
            localAddress: "{n} {s}, {d} VIC {p}", englishAddress: "{n} {s}, {d} VIC {p}",
            extraBrands: ["Yarra", "Laneway", "Eucalypt"]),
        CitySpec(
            name: "Auckland", localName: "Auckland", country: "NZ", continent: .oceania, latitude: -36.8485, longitude: 174.7633,
            currency: "NZD", basePrice: 220, phone: "+64 9-### ####", weight: 2, language: Languages.english, localShare: 1,
            districts: latin(["CBD", "Viaduct Harbour", "Ponsonby", "Parnell", "Newmarket", "Mount Eden", "Devonport"]),
            streets: latin([
                "Queen St", "Quay St", "Ponsonby Rd", "Parnell Rd", "Broadway", "Dominion Rd", "Karangahape Rd", "Victoria St West",
            ]),
            postcodes: ["1010", "1011", "1052", "1023", "1024"],
            localAddress: "{n} {s}, {d}, Auckland {p}", englishAddress: "{n} {s}, {d}, Auckland {p}",
            extraBrands: ["Kauri", "Tūī", "Pōhutukawa", "Harbour Bridge"]),
        CitySpec(
            name: "Honolulu", localName: "Honolulu", country: "US", continent: .oceania, latitude: 21.3069, longitude: -157.8583,
            currency: "USD", basePrice: 280, phone: "+1 808-###-####", weight: 2, language: Languages.english, localShare: 1,
            districts: latin(["Waikīkī", "Downtown", "Ala Moana", "Kakaʻako", "Diamond Head", "Chinatown"]),
            streets: latin(["Kalākaua Ave", "Kūhiō Ave", "Ala Moana Blvd", "Kapiʻolani Blvd", "Bishop St", "Lewers St", "Saratoga Rd"]),
            postcodes: ["96815", "96813", "96814"],
            localAddress: "{n} {s}, Honolulu, HI {p}", englishAddress: "{n} {s}, Honolulu, HI {p}",
            extraBrands: ["Aloha", "Hale Kai", "Moana", "Mahina", "Plumeria"]),
        CitySpec(
            name: "Suva", localName: "Suva", country: "FJ", continent: .oceania, latitude: -18.1416, longitude: 178.4419,
            currency: "FJD", basePrice: 300, phone: "+679 3## ####", weight: 1, language: Languages.english, localShare: 1,
            districts: latin(["Suva Central", "Nasese", "Laucala Bay", "Lami", "Walu Bay", "Samabula"]),
            streets: latin([
                "Victoria Parade", "Queen Elizabeth Drive", "Ratu Sukuna Road", "Gordon Street", "Thurston Street", "MacGregor Road",
            ]),
            postcodes: [""],
            localAddress: "{n} {s}, {d}, Suva", englishAddress: "{n} {s}, {d}, Suva",
            extraBrands: ["Bula", "Tanoa", "Coral", "Lagoon", "Kalokalo"]),
    ]
}
