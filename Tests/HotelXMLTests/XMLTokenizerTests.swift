import Testing

/// The tokenizer's edge cases, whole and in pieces (`TokenizerRun`). That it agrees with
/// libxml2 on everything else is Fuzz/XMLTokenizer's job.
@Suite("XML tokenizer")
struct XMLTokenizerTests {
    /// One document per well-formedness rule, each broken once.
    static let malformed: [(rule: String, document: String)] = [
        ("tags balance", "<a><b></a></b>"),
        ("an end tag closes an open element", "<a></a></b>"),
        ("one root", "<a/><b/>"),
        ("text after the root", "<a/>x"),
        ("text before the root", "x<a/>"),
        ("attributes are name=\"value\"", "<a b/>"),
        ("attributes are quoted", "<a b=c/>"),
        ("attributes are separated by space", "<a b='1'c='2'/>"),
        ("an attribute once", "<a b='1' b='2'/>"),
        ("an attribute once after namespaces resolve", "<a xmlns:p='u' xmlns:q='u' p:x='1' q:x='2'/>"),
        ("a namespace declared once per element", "<a xmlns:p='u' xmlns:p='v'/>"),
        ("an element's prefix is declared", "<p:a/>"),
        ("an attribute's prefix is declared", "<a p:b='1'/>"),
        ("a prefix is not bound to the empty name", "<a xmlns:p=''/>"),
        ("xml is bound to its own namespace only", "<a xmlns:xml='urn:x'/>"),
        ("nothing else is bound to xml's namespace", "<a xmlns:p='http://www.w3.org/XML/1998/namespace'/>"),
        ("xmlns is not declared", "<a xmlns:xmlns='urn:x'/>"),
        ("a QName has one colon", "<a:b:c xmlns:a='u'/>"),
        ("no < in attribute values", "<a b='<'/>"),
        ("only the predefined entities", "<a>&nbsp;</a>"),
        ("an entity reference ends with ;", "<a>&amp </a>"),
        ("character references name Chars", "<a>&#0;</a>"),
        ("no surrogates by reference", "<a>&#xD800;</a>"),
        ("character references are numbers", "<a>&#x;</a>"),
        ("an & starts a reference", "<a>a & b</a>"),
        ("names start with a name character", "<1a/>"),
        ("names hold name characters", "<a\u{00D7}b/>"),
        ("comments hold no --", "<a><!-- a -- b --></a>"),
        ("comments do not end with --->", "<a><!-- a ---></a>"),
        ("CDATA only inside the root", "<![CDATA[x]]><a/>"),
        ("]]> is not text", "<a>]]></a>"),
        ("the xml PI target is reserved", "<a><?xml x?></a>"),
        ("the XML declaration comes first", " <?xml version='1.0'?><a/>"),
        ("the XML declaration has a version", "<?xml encoding='UTF-8'?><a/>"),
        ("version 1.x", "<?xml version='2.0'?><a/>"),
        ("standalone is yes or no", "<?xml version='1.0' standalone='maybe'?><a/>"),
        ("only markup after the root", "<a/><!DOCTYPE a>"),
        ("Chars only", "<a>\u{1}</a>"),
        ("elements nest at most 256 deep", String(repeating: "<a>", count: 258) + String(repeating: "</a>", count: 258)),
    ]

    @Test("each rule refused, whole and byte by byte", arguments: 0..<malformed.count)
    func refused(_ index: Int) {
        let (rule, document) = Self.malformed[index]
        for size in [Int.max, 1] {
            let run = TokenizerRun(document, pieceSize: size)
            #expect(run.error != nil, "\(rule): \(document) accepted in pieces of \(size)")
            #expect(!run.errorAtEnd, "\(rule): \(run.error ?? "") called a cut-off document")
        }
    }

    @Test("invalid UTF-8 is refused: a bad lead byte, an overlong form, an encoded surrogate, a lone continuation")
    func invalidUTF8() {
        for bad: [UInt8] in [[0xFF], [0xC0, 0x80], [0xED, 0xA0, 0x80], [0x80], [0xF4, 0x90, 0x80, 0x80], [0xEF, 0xBF, 0xBE]] {
            let run = TokenizerRun([Array("<a>".utf8) + bad + Array("</a>".utf8)])
            #expect(run.error != nil, "\(bad) accepted")
        }
    }

    static let document = """
        <?xml version="1.0" encoding="UTF-8"?><!-- c --><r xmlns="urn:d" xmlns:p="urn:p"><?pi x?>\
        <p:e p:a="1&amp;2&#38;&#x41;&lt;" b='x\ty\r\nz' c="&quot;&apos;&gt;"/>t &lt;&amp;&#x1F600;\r\n caf\u{E9}\
        <![CDATA[<raw> ]] ]]><x xmlns=""><y xmlns:p="urn:q"><p:z/></y></x></r>
        """

    static let expected = [
        "<{urn:d}r>", "<{urn:p}e {urn:p}a=1&#38;2&#38;A< b=x y z c=\"'>>", "</>",
        "t <&\u{1F600}\n caf\u{E9}<raw> ]] ", "<x>", "<y>", "<{urn:q}z>", "</>", "</>", "</>", "</>",
    ]

    @Test("references, line ends, CDATA and nested namespaces, as libxml2 reports them")
    func events() {
        let run = TokenizerRun(Self.document)
        #expect(run.error == nil, "\(run.error ?? "")")
        #expect(run.events == Self.expected)
    }

    @Test("the same events with the document cut in two at every byte")
    func everyCut() {
        let bytes = Array(Self.document.utf8)
        for cut in 0...bytes.count {
            let run = TokenizerRun([Array(bytes[..<cut]), Array(bytes[cut...])])
            #expect(run.error == nil && run.events == Self.expected, "cut at \(cut): \(run.error ?? "") \(run.events)")
        }
    }

    @Test("a CDATA section, a reference and a 4-byte character fed a byte at a time")
    func bytewise() {
        let run = TokenizerRun(Self.document, pieceSize: 1)
        #expect(run.error == nil)
        #expect(run.events == Self.expected)
    }

    @Test("an element is reported before the feed holding its end tag returns")
    func onTime() {
        let pieces = ["<r><h>1</h>", "<h>2</h>", "<h>3</", "h>", "</r>"].map { Array($0.utf8) }
        let run = TokenizerRun(pieces)
        // <r>, <h>, 1, </> | <h>, 2, </> | <h> (its text is counted with the next tag) | 3, </> | </>
        #expect(run.eventsAfterPiece == [4, 7, 8, 10, 11])
    }

    @Test("a default namespace undeclared with xmlns=\"\" and redeclared deeper")
    func defaultNamespace() {
        let run = TokenizerRun("<a xmlns='urn:a'><b xmlns=''><c xmlns='urn:c'/><d/></b><e/></a>")
        #expect(run.events == ["<{urn:a}a>", "<b>", "<{urn:c}c>", "</>", "<d>", "</>", "</>", "<{urn:a}e>", "</>", "</>"])
    }

    @Test("a cut-off document fails as cut off, wherever it stops")
    func cutOff() {
        let bytes = Array(Self.document.utf8)
        for end in 1..<bytes.count - 1 {
            let run = TokenizerRun([Array(bytes[..<end])])
            #expect(run.error != nil && run.errorAtEnd, "\(end): \(run.error ?? "accepted")")
        }
    }

    @Test("a DOCTYPE is reported, and the parse fails unless the delegate stops it")
    func doctype() {
        let run = TokenizerRun("<!DOCTYPE a [<!ENTITY x 'y'>]><a>&x;</a>")
        #expect(run.doctype)
        #expect(run.error != nil)
        #expect(run.events.isEmpty)
    }

    @Test("errors say where: the line and column of the wrong name")
    func position() {
        let run = TokenizerRun("<a>\n  <b></c>\n</a>")
        #expect(run.error?.hasSuffix("(2:8)") == true, "\(run.error ?? "")")
    }
}
