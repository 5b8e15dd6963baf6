// Larger than Life patterns and what Golly 3.3 (bgolly, "Larger than Life" algorithm) makes of
// them: the fixtures of LargerThanLifeTests, so that the tests need no Golly.

/// A fixture: a start pattern's RLE body, and bgolly's output after some generations.
struct LargerThanLifeFixture {
    /// The start, as an RLE body.
    var start: String
    /// bgolly's RLE body of the result.
    var expected: String
}

enum LargerThanLifeFixtures {
    /// Bosco (Patterns/Larger-than-Life/Bosco.mcl, a period-166 oscillator under
    /// R5,C0,M1,S34..58,B34..45,NM), its lone stray cell left out: after 100 generations
    /// (`bgolly -a "Larger than Life" -m 100`, on T100,100 and on P100,100 alike) the 68 cells of
    /// `expected` (bgolly writes no position: compare the live cells' bounding boxes).
    static let bosco = LargerThanLifeFixture(
        start: "29bo$27b5o$25b5ob2o$24b5o3b2o$24b4o5bo$23b4o5b3o$24b4o3b3o$24b5ob4o$25b8o$26b7o$27b5o!",
        expected: "3b4o$2b6o$2b7o$2b8o$b3o2b5o$3o4b4o$2o5b4o$b2o4b4o$2b2o2b5o$3b6o$4b3o!")

    /// Gnarl (R1,C0,M1,S1..1,B1..1,NN, Patterns/Larger-than-Life/Gnarl.mcl's rule and start
    /// `bo$o!`) after 100 generations on T128,128: a 128 x 128 torus, the start's top-left cell at row 63,
    /// column 63 (Golly's 0, 0 on this torus): bgolly's output covers the whole grid, so positions are exact
    /// (4,092 cells).
    static let gnarlTorus = LargerThanLifeFixture(
        start: "bo$o!",
        expected: """
            29bobo33bobobobobobobobobobobobobobobobo$28bo5bobobobobobobobobobobobobobobobo3bobobobobobobobobobob
            obobobo$29bo3bobobobobobobobobobobobobobobobobobobobobobobobobobobobobobobo$30bobobobobobobobobobobo
            bobobobobobobobobobobobobobo3bobobobobobobobo$31bo3bobo3bobobo3bobobo3bobobobo3bobobobo3bobo3bobobob
            o7bo$36bo5bobo5bobo5bobobobo3bobobo3bobobo3bo3bobo$37bo3bobobo3bobobo3bobo3bobo3bobobobobobobobobobo
            bo3bobo$38bobobobobobobobobobobobobobobobo3bobobobobo3bo7bobo3bo$39bobo3bo3bo3bobobo3bobo3bobobobobo
            bobobobobo5bobo5bo$40bo13bobobo3bo3bo3bo7bobobobo5bobo$41bo3bo3bo3bobobobobobobo3bo7bobobo3bobobobob
            o7bo$42bobobobobobobo3bobobobobobobo7bobo3bobo3bo3bo$43bobo3bobobo5bobobobobobo3bo3bobo5bobobo13bo$4
            4bo5bobobo3bobobo5bo3bo3bo5bo5bobo13bo$45bo3bobobobobobo3bobobobobobo3bo3bo5bobobo13bo$46bobobo3bo3b
            obobobobobo9bobo9bo11bo$47bobo11bobobobobobo15bobo3bobo5bo5bo$48bobo3bo3bo3bobo5bobo5bo7bo3bobobo5bo
            3bo3bo$47bobobobobobobobobo3bobobobo3bo7bobobobo$46bo3bobobo3bobo5bobobobobobobo7bobobo19bo$45bo5bob
            o5bobobobo3bobobobobobo5bobobobo3bobo13bo$44bobo3bobobo3bobobo3bobobo3bobo7bobo3bo3bobo$43bobobobobo
            bobobobo3bobobobobo3bobobo3bobobo3bobo3bobo13bo$42bo3bo3bo3bobobobobobobobobobobobobo7bobobobobo3bo1
            1bo3bo$41bo13bobo3bobo5bobo3bo3bobobobobobo3bobobobobo13bo$40bobo3bo3bo3bobobo3bobobobo5bo5bobobobob
            obo5bo15bo$39bobobobobobobobobobobobobo3bobobobobo3bobo3bo3bobobobo3bo3bo7bo5bo$38bo3bobobo3bobobo3b
            obobobobobo3bobobobobobobobobobobobo15bo$bo35bo5bobo5bobo5bobobobobobobobobo3bobobobobobobo3bobo3bob
            obo13bo$obo33bobo3bobobo3bobobo3bobobo5bobo3bobobo3bobobobobobobobo7bo15bo$3bo31bobobobobobobobobobo
            bobobo3bobobobo3bobobobobo3bobobobo7bo3bobobo15bo$o3bo29bo3bo3bo3bo3bo3bo3bobobobobobobobobobobobobo
            bobo5bo5bo3bo3bo17bo$3bo29bo27bobobo5bobobo3bobobobobobobo7bobobo3bo3bo9bo5bo$2bo29bobo3bo3bo3bo3bo3
            bo3bo3bobobobo3bo3bobobobo3bobobo7bobo3bobo3bo5bo3bo3bobo$bobo27bobobobobobobobobobobobobobobobo3bob
            o5bobobobo3bobobobo11bobobo5bo5bobobo3bobo$2bobo25bo3bobobo3bobobo3bobobo3bobobobobobobo3bo3bobo5bob
            o7bobobo3bo5bo7bobo3bobo$bobobo23bo5bobo5bobo5bobo5bobobobobobobobo3bo3bobobobo7bobobobo3bobobo3bo3b
            obo5bobo$2bobobo21bobo3bobobo3bobobo3bobobo3bobo7bobobobobobobobobobo7bo3bobobobobobobobobobobo3bobo
            bo$bobo3bo19bobobobobobobobobobobobobobobobobo3bobo3bobobobobobo3bo9bobobobobobo3bobobobobobo3bobobo
            bo$2bo5bo17bo3bo3bo3bobobo3bo3bo3bobobobobobobobo5bobobobobo9bobo3bobobobo3bo5bo7bobobo$bobo3bobo15b
            o13bobo13bobo3bobobobo3bobobobobobo9bobobobobo3bobobobobobobobo3bobobobo$2bobobobobo13bobo3bo3bo3bob
            obo3bo3bo3bobobo3bobobo3bobobobo3bo3bo5bobobobobobobobobobobo5bo7bobo$bobobobo3bo11bobobobobobobobob
            obobobobobobobobobobobobobobobobobo3bobobobo7bobobobobobobobobobo5bobobobobobobo$2bobobo5bo9bo3bobob
            o3bobobo3bobobo3bobobo3bobo3bobo3bobobo3bobobo3bo3bo5bobobobo3bo9bobobobobobo$bobobobo3bobo7bo5bobo5
            bobo5bobo5bobo5bobobobobobobo3bobo3bo3bo3bobobobo3bo3bobo13bobobobobo$2bobobobobobobo5bobo3bobobo3bo
            bobo3bobobo3bobobo3bobobobobo3bobobobobobo3bo3bobo3bobobobobo11bo3bo5bobo$bobo3bo3bo3bo3bobobobobobo
            bobobobobobobobobobobobobobobo3bobobobobo3bobo5bobobo3bo3bobobobobo9bo3bobobo3bobo$2bo13bobo3bo3bo3b
            o3bo3bo3bo3bobobo3bo3bobobobobobobo5bo5bobobobobobobobo3bobo9bo3bobobobo3bo$bobo3bo3bo3bobo29bobo11b
            obobo3bo15bobobo3bobobobobobobobo7bobobobobobobo$2bobobobobobobobobo3bo3bo3bo3bo3bo3bo3bobobo3bo3bo3
            bobobobobo5bo5bobo3bobobobobobobo3bo3bobobo3bobobobobobo$bobobobo3bobobobobobobobobobobobobobobobobo
            bobobobobobobobobobobobobo3bobo5bobobobobobobo3bo7bobobo3bobobobobobobobo$2bobobo5bobo3bobobo3bobobo
            3bobobo3bobobo3bobobo3bobo3bobobobo7bobobo3bobobo3bobobobo3bobobo5bo5bobobobo$bobobobo3bobo5bobo5bob
            o5bobo5bobo5bobo5bobobobobo9bo3bobo3bobo3bobobobobobobobo11bobo3bobo$2bobobobobobobo3bobobo3bobobo3b
            obobo3bobobo3bobobo3bobobobobo3bo11bobobobobobo3bobobobobobobo11bo3bobo$bobo3bobobobobobobobobobobob
            obobobobobobobobobobobobobobobo3bobobobo7bo7bobobobobobobobobo5bobo3bobo3bobobobobo$2bo5bobo3bo3bo3b
            obobo3bo3bo3bobobo3bo3bo3bobobobobobo5bo11bobobo3bo3bobo3bo3bo3bobo3bo5bobobobo$bobo3bobo13bobo13bob
            o13bobo3bobobobo13bobobobobobo3bo3bobobobobobobobo5bobobobobo$2bobobobobo3bo3bo3bobobo3bo3bo3bobobo3
            bo3bo3bobobo3bobobo5bobobobobobobobo3bobo3bobo5bobobobo5bobo3bobobo$bobobobobobobobobobobobobobobobo
            bobobobobobobobobobobobobobobobobo7bo3bobobobobo3bobo5bobobobobobobobobobobobobobobobo$2bobobo3bobob
            o3bobobo3bobobo3bobobo3bobobo3bobobo3bobobobo11bobobo7bobobobobobobobobobobo3bobobo3bobobobo$bobobob
            o3bobobo3bobobo3bobobo3bobobo3bobobo3bobobo3bobobo7bobobobo3bobobobo3bobo3bobobo3bo3bobobobo3bo3bobo
            bo$2bobo3bobobo3bobobo3bobobo3bobobo3bobobo3bobobo3bobobo3bo5bo3bobobobobobobobo3bobobo3bobobobobo3b
            o3bobobo3bo$bobobobobobobobobo3bobobobobobobobo3bobo3bobobo3bobobobo3bo5bobobobobobobobobobobobobobo
            bobo5bobo3bobobobo3bo3bobo$2bobobobobobobobobobobobobobobobo3bobobobobobobobobobobobobobo3bobobobobo
            bobobobobobobo3bobobo3bobobo5bobo3bo3bobobobo$bobobobo3bo3bobo5bobobo3bobobo3bobobobobobobobobobobob
            o3bobobobobobobobobobobobobobo3bobobobobobobobobobobobobobobobo$obo3bo3bobobobo3bobo5bobobobobobobob
            obobobobobobobobo5bo3bobobobo3bobobo3bobo3bobobobobobobobo3bobobobobobobobobo$3bo3bobobo3bo3bobobobo
            bo3bobobo3bobobobobobobobo3bo5bo3bobobo3bobobo3bobobo3bobobo3bobobo3bobobo3bobobo3bobo$obobo3bo3bobo
            bobo3bo3bobobo3bobo3bobobobo3bobobobo7bobobo3bobobo3bobobo3bobobo3bobobo3bobobo3bobobo3bobobobo$bobo
            bobo3bobobo3bobobobobobobobobobobo7bobobo11bobobobo3bobobo3bobobo3bobobo3bobobo3bobobo3bobobo3bobobo
            $obobobobobobobobobobobobobobobo5bobo3bobobobobo3bo7bobobobobobobobobobobobobobobobobobobobobobobobo
            bobobobobobobobobo$bobobo3bobo5bobobobo5bobo3bobo3bobobobobobobobo5bobobo3bobobo3bo3bo3bobobo3bo3bo3
            bobobo3bo3bo3bobobobobo$obobobobo5bobobobobobobobo3bo3bobobobobobo13bobobobo3bobo13bobo13bobo13bobo3
            bobo$bobobobo5bo3bobo3bo3bo3bobo3bo3bobobo11bo5bobobobobobo3bo3bo3bobobo3bo3bo3bobobo3bo3bo3bobo5bo$
            obobobobo3bobo3bobo5bobobobobobobobobo7bo7bobobobo3bobobobobobobobobobobobobobobobobobobobobobobobob
            obobo3bobo$bobo3bo11bobobobobobobo3bobobobobobo11bo3bobobobobo3bobobo3bobobo3bobobo3bobobo3bobobo3bo
            bobobobobobo$obo3bobo11bobobobobobobobo3bobo3bobo3bo9bobobobobo5bobo5bobo5bobo5bobo5bobo5bobo3bobobo
            bo$bobobobo5bo5bobobo3bobobobo3bobobo3bobobo7bobobobo3bobo3bobobo3bobobo3bobobo3bobobo3bobobo3bobo5b
            obobo$obobobobobobobo3bobobo7bo3bobobobobobobo5bobo3bobobobobobobobobobobobobobobobobobobobobobobobo
            bobobobobobo3bobobobo$bobobobobobo3bobobo3bo3bobobobobobobo3bobo5bo5bobobobobo3bo3bo3bobobo3bo3bo3bo
            3bo3bo3bo3bobobobobobobobobo$obobobobobobo7bobobobobobobobo3bobobo15bo3bobobo11bobo29bobo3bo3bo3bobo
            $bo3bobobobo3bo9bobo3bobobobobobobobo5bo5bobobobobobobo3bo3bobobo3bo3bo3bo3bo3bo3bo3bobo13bo$obo3bob
            obo3bo9bobobobobo3bo3bobobo5bobo3bobobobobo3bobobobobobobobobobobobobobobobobobobobobo3bo3bo3bo3bobo
            $bobo5bo3bo11bobobobobo3bobo3bo3bobobobobobo3bobobobobo3bobobo3bobobo3bobobo3bobobo3bobo5bobobobobob
            obo$obobobobo13bobo3bo3bobobobo3bo3bo3bobo3bobobobobobobo5bobo5bobo5bobo5bobo5bo7bobo3bobobobo$bobob
            obobobo9bo3bobobobo5bo3bo3bobobo3bobobo3bobo3bobo3bobobo3bobobo3bobobo3bobobo3bo9bo5bobobo$obobobobo
            bobo5bobobobobobobobobobo7bobobobo3bobobobobobobobobobobobobobobobobobobobobobobobobobo11bo3bobobobo
            $bobo7bo5bobobobobobobobobobobo5bo3bo3bobobobo3bobobo3bobobo3bo3bo3bobobo3bo3bo3bobo13bobobobobo$obo
            bobo3bobobobobobobobo3bobobobobo9bobobobobobo3bobobobo3bobo13bobo13bo15bobo3bobo$bobobo7bo5bo3bobobo
            bo3bobo9bobobobobo5bobobobobobobobo3bo3bo3bobobo3bo3bo3bo17bo5bo$obobobo3bobobobobobo3bobobobobobo9b
            o3bobobobobobo3bobo3bobobobobobobobobobobobobobobobobo19bo3bobo$bobobo3bobobobobobobobobobobo3bo7bob
            obobobobobobobobo7bobo3bobobo3bobobo3bobobo3bobo21bobobo$obo5bobo3bo3bobobo3bobobobo7bobobobo3bo3bob
            obobobobobobo5bobo5bobo5bobo5bo23bobobo$bobo3bobo7bo5bo3bobobo7bobo5bobo3bo3bobobobobobobo3bobobo3bo
            bobo3bobobo3bo25bobo$obo3bobobo5bo5bobobo11bobobobo3bobobobo5bobo3bobobobobobobobobobobobobobobobo27
            bobo$bobo3bo3bo5bo3bobo3bobo7bobobo3bobobobo3bo3bobobobo3bo3bo3bo3bo3bo3bo3bobo29bo$o5bo9bo3bo3bobob
            o7bobobobobobobo3bobobo5bobobo27bo29bo$3bo17bo3bo3bo5bo5bobobobobobobobobobobobobobobo3bo3bo3bo3bo3b
            o3bo29bo3bo$4bo15bobobo3bo7bobobobo3bobobobobo3bobobobo3bobobobobobobobobobobobobo31bo$7bo15bo7bobob
            obobobobobo3bobobo3bobo5bobobo3bobobo3bobobo3bobo33bobo$8bo13bobobo3bobo3bobobobobobobo3bobobobobobo
            bobobo5bobo5bobo5bo35bo$17bo15bobobobobobobobobobobobo3bobobobobobo3bobobo3bobobo3bo$10bo5bo7bo3bo3b
            obobobo3bo3bobo3bobobobobo3bobobobobobobobobobobobobo$15bo15bo5bobobobobobo5bo5bobobobo3bobobo3bo3bo
            3bobo$12bo13bobobobobo3bobobobobobo3bo3bobo5bobo3bobo13bo$13bo3bo11bo3bobobobobo7bobobobobobobobobob
            obobobo3bo3bo3bo$14bo13bobo3bobo3bobobo3bobobo3bobobobobo3bobobobobobobobobo$31bobo3bo3bobo7bobo3bob
            obo3bobobo3bobobo3bobo$16bo13bobo3bobobobo5bobobobobobo3bobobobo5bobo5bo$17bo19bobobo7bobobobobobobo
            5bobo3bobobo3bo$36bobobobo7bo3bobobobo3bobobobobobobobobo$19bo3bo3bo5bobobo3bo7bo5bobo5bobo3bo3bo3bo
            bo$20bo5bo5bobo3bobo15bobobobobobo11bobo$25bo11bo9bobo9bobobobobobo3bo3bobobo$22bo13bobobo5bo3bo3bob
            obobobobo3bobobobobobo3bo$23bo13bobo5bo5bo3bo3bo5bobobo3bobobo5bo$24bo13bobobo5bobo3bo3bobobobobobo5
            bobobo3bobo$33bo3bo3bobo3bobo7bobobobobobobo3bobobobobobobo$26bo7bobobobobo3bobobo7bo3bobobobobobobo
            3bo3bo3bo$35bobo5bobobobo7bo3bo3bo3bobobo13bo$28bo5bobo5bobobobobobobobobobo3bobo3bobobo3bo3bo3bobo$
            29bo3bobo7bo3bobobobobo3bobobobobobobobobobobobobobobobo$32bobo3bobobobobobobobobobobo3bobo3bobo3bob
            obo3bobobo3bo$37bobo3bo3bobobo3bobobo3bobobobo5bobo5bobo5bo$30bo7bobobobo3bobo3bobobobo3bobobobo3bob
            obo3bobobo3bobo3bo$31bobobobobobobobo3bobobobobobobobobobobobobobobobobobobobobobobobobo$34bobobobob
            obobobobobobobobobobobobobobobobobobobobobobobobobobo3bo$33bobobobobobobobobobobobobobo3bobobobobobo
            bobobobobobobobobobo5bo$32bobobobobobobobobobobobobobobobo33bobo!
            """)

    /// Gnarl (R1,C0,M1,S1..1,B1..1,NN, Patterns/Larger-than-Life/Gnarl.mcl's rule and start
    /// `bo$o!`) after 100 generations on P128,128: a bounded 128 x 128 plane, the start's top-left cell at row 63,
    /// column 63 (Golly's 0, 0 on this plane): bgolly's output covers the whole grid, so positions are exact
    /// (3,832 cells).
    static let gnarlBounded = LargerThanLifeFixture(
        start: "bo$o!",
        expected: """
            27bo7bo5bobo5bobobobo3bo3bo11bobo13bo3bo3bo$28bobo3bobo3bobobo3bobobo3bo7bobo3bo5bo5bo3bo$31bobobobo
            bobobobobobobobobobobobobobo9bobo9bobo5bobo$36bobo3bobobo3bobo7bobo7bo3bobo3bo13bo$31bobo3bo5bobo5bo
            bobo3bobobobo3bo7bo3bo7bo3bo3bo$32bo5bo3bobobo3bobobo3bobobobobobobobobo3bo3bo3bo5bo$39bobobobobobob
            obobobobo3bobobobobo3bobobobobobobo5bobo$40bobo3bo3bo3bobobobobobobobo5bobo5bo7bo3bo3bo$41bo13bobo3b
            obo3bo11bobobo3bo3bobo5bo$42bo3bo3bo3bobobo3bo3bo7bo3bo5bo3bo3bo$43bobobobobobobobobobobobobo5bobo3b
            o3bobobobobobo7bo$44bobo3bobobo3bobobobobo3bobobo3bo3bo3bobobo3bo$45bo5bobo5bobobobobo5bo9bobobobo13
            bo$46bo3bobobo3bobobo3bobo3bo9bo5bobo13bo$47bobobobobobobo3bobo5bobo7bo5bobobo13bo$48bobo3bo3bobobob
            obobobobobo3bobo9bo11bo$49bo11bobobobobobo15bobo3bobo5bo5bo$48bobo3bo3bo3bobo5bobobo3bo7bo3bobobo5bo
            3bo3bo$47bobobobobobobobobo3bobobobo3bo7bobobobo$46bo3bobobo3bobo5bobobobobobobo7bobobo19bo$45bo5bob
            o5bobobobo3bobobobobobo5bobobobo3bobo13bo$44bobo3bobobo3bobobo3bobobo3bobo7bobo3bo3bobo$43bobobobobo
            bobobobo3bobobobobo3bobobo3bobobo3bobo3bobo13bo$42bo3bo3bo3bobobobobobobobobobobobobo7bobobobobo3bo1
            1bo3bo$41bo13bobo3bobo5bobo3bo3bobobobobobo3bobobobobo13bo$40bobo3bo3bo3bobobo3bobobobo5bo5bobobobob
            obo5bo15bo$39bobobobobobobobobobobobobo3bobobobobo3bobo3bo3bobobobo3bo3bo7bo5bo$o37bo3bobobo3bobobo3
            bobobobobobo3bobobobobobobobobobobobo15bo$bo35bo5bobo5bobo5bobobobobobobobobo3bobobobobobobo3bobo3bo
            bobo13bo7bo$36bobo3bobobo3bobobo3bobobo5bobo3bobobo3bobobobobobobobo7bo15bo$bo33bobobobobobobobobobo
            bobobo3bobobobo3bobobobobo3bobobobo7bo3bobobo15bobo$2bobo29bo3bo3bo3bo3bo3bo3bobobobobobobobobobobob
            obobobo5bo5bo3bo3bo$5bo27bo27bobobo5bobobo3bobobobobobobo7bobobo3bo3bo9bo3bobo$2bobo27bobo3bo3bo3bo3
            bo3bo3bo3bobobobo3bo3bobobobo3bobobo7bobo3bobo3bo5bo3bo3bo$bo29bobobobobobobobobobobobobobobobo3bobo
            5bobobobo3bobobobo11bobobo5bo5bobobobo$obo27bo3bobobo3bobobo3bobobo3bobobobobobobo3bo3bobo5bobo7bobo
            bo3bo5bo7bo3bo$bobo25bo5bobo5bobo5bobo5bobobobobobobobo3bo3bobobobo7bobobobo3bobobo3bo3bobo7bo$2bobo
            23bobo3bobobo3bobobo3bobobo3bobo7bobobobobobobobobobo7bo3bobobobobobobobobobo3bo$3bobo21bobobobobobo
            bobobobobobobobobobobo3bobo3bobobobobobo3bo9bobobobobobo3bobobobobobo5bobo$2bo3bo19bo3bo3bo3bobobo3b
            o3bo3bobobobobobobobo5bobobobobo9bobo3bobobobo3bo5bobobo$bo5bo17bo13bobo13bobo3bobobobo3bobobobobobo
            9bobobobobo3bobobobobobobobobobo3bo$obo3bobo15bobo3bo3bo3bobobo3bo3bo3bobobo3bobobo3bobobobo3bo3bo5b
            obobobobobobobobobobo5bo5bo3bo$bobobobobo13bobobobobobobobobobobobobobobobobobobobobobobobobobo3bobo
            bobo7bobobobobobobobobobo5bobo3bo$obobobo3bo11bo3bobobo3bobobo3bobobo3bobobo3bobo3bobo3bobobo3bobobo
            3bo3bo5bobobobo3bo11bo$bobobo5bo9bo5bobo5bobo5bobo5bobo5bobobobobobobo3bobo3bo3bo3bobobobo3bo3bobo9b
            obobobo$2bobobo3bobo7bobo3bobobo3bobobo3bobobo3bobobo3bobobobobo3bobobobobobo3bo3bobo3bobobobobo11bo
            bo3bobo3bo$3bobobobobobo5bobobobobobobobobobobobobobobobobobobobobo3bobobobobo3bobo5bobobo3bo3bobobo
            bobo9bo5bobobo$2bo3bo3bo3bo3bo3bo3bo3bo3bo3bo3bo3bobobo3bo3bobobobobobobo5bo5bobobobobobobobo3bobo9b
            o11bo$bo13bobo29bobo11bobobo3bo15bobobo3bobobobobobobobo9bobobo$obo3bo3bo3bobobo3bo3bo3bo3bo3bo3bo3b
            obobo3bo3bo3bobobobobo5bo5bobo3bobobobobobobo3bo3bobobo3bobo3bo$bobobobobobobobobobobobobobobobobobo
            bobobobobobobobobobobobobobobobobo3bobo5bobobobobobobo3bo7bobobo11bobobobo$obobobo3bobobo3bobobo3bob
            obo3bobobo3bobobo3bobobo3bobo3bobobobo7bobobo3bobobo3bobobobo3bobobo11bo3bobo$bobobo5bobo5bobo5bobo5
            bobo5bobo5bobo5bobobobobo9bo3bobo3bobo3bobobobobobobobo9bo3bo3bobo$obobobo3bobobo3bobobo3bobobo3bobo
            bo3bobobo3bobobo3bobobobobo3bo11bobobobobobo3bobobobobobobobobo3bobobobobo$5bobobobobobobobobobobobo
            bobobobobobobobobobobobobobobobo3bobobobo7bo7bobobobobobobobobo5bobo3bobobo$obobobobobo3bo3bo3bobobo
            3bo3bo3bobobo3bo3bo3bobobobobobo5bo11bobobo3bo3bobo3bo3bo3bobobobobo5bo$bo5bobo13bobo13bobo13bobo3bo
            bobobo13bobobobobobo3bo3bobobobobobobobo7bo$2bo3bobobo3bo3bo3bobobo3bo3bo3bobobo3bo3bo3bobobo3bobobo
            5bobobobobobobobo3bobo3bobo5bobobobobo3bo5bobobo$5bobobobobobobobobobobobobobobobobobobobobobobobobo
            bobobobobobo7bo3bobobobobo3bobo5bobobobobobobobo9bobo$obobobo3bobobo3bobobo3bobobo3bobobo3bobobo3bob
            obo3bobobobo11bobobo7bobobobobobobobobobobo3bobo5bobo$3bobobo3bobobo3bobobo3bobobo3bobobo3bobobo3bob
            obo3bobobo7bobobobo3bobobobo3bobo3bobobo3bo3bobo3bobobobo$2bobo3bobobo3bobobo3bobobo3bobobo3bobobo3b
            obobo3bobobo3bo5bo3bobobobobobobobo3bobobo3bobobobobo3bobobobobobo3bo$3bobobobobobobobo3bobobobobobo
            bobo3bobo3bobobo3bobobobo3bo5bobobobobobobobobobobobobobobobo5bobo3bobobobo3bobobo$obobobobobobobobo
            bobobobobobobobo3bobobobobobobobobobobobobobo3bobobobobobobobobobobobo3bobobo3bobobo5bobo3bo3bobo3bo
            $bo3bobo3bo3bobo5bobobo3bobobo3bobobobobobobobobobobobo3bobobobobobobobobobobobobobo3bobobobobobobob
            obobobobobobobobobo$2bobobo3bobobobo3bobo5bobobobobobobobobobobobobobobobo5bo3bobobobo3bobobo3bobo3b
            obobobobobobobo3bobobobobobobobo$bo3bobobobobobo3bobobobobo3bobobo3bobobobobobobobo3bo5bo3bobobo3bob
            obo3bobobo3bobobo3bobobo3bobobo3bobobo3bobo$6bobobobo3bobo3bo3bobobo3bobo3bobobobo3bobobobo7bobobo3b
            obobo3bobobo3bobobo3bobobo3bobobo3bobobo3bobobo$5bobo5bobo3bobobobobobobobobobobo7bobobo11bobobobo3b
            obobo3bobobo3bobobo3bobobo3bobobo3bobobo3bobobobo$4bobo9bobobobobobobobo5bobo3bobobobobo3bo7bobobobo
            bobobobobobobobobobobobobobobobobobobobobobobobobobobo$bobobo5bo3bobobobobo5bobo3bobo3bobobobobobobo
            bo5bobobo3bobobo3bo3bo3bobobo3bo3bo3bobobo3bo3bo3bobobo3bo$6bo7bobobobobobobobo3bo3bobobobobobo13bob
            obobo3bobo13bobo13bobo13bobo5bo$5bo5bobobobobo3bo3bo3bobo3bo3bobobo11bo5bobobobobobo3bo3bo3bobobo3bo
            3bo3bobobo3bo3bo3bobobobobobo$10bobobo3bobo5bobobobobobobobobo7bo7bobobobo3bobobobobobobobobobobobob
            obobobobobobobobobobobobobobobo$3bobobobobo3bobobobobobobobobo3bobobobobobo11bo3bobobobobo3bobobo3bo
            bobo3bobobo3bobobo3bobobo3bobobo3bobobobo$obo3bo3bo9bobobobobobobobo3bobo3bobo3bo9bobobobobo5bobo5bo
            bo5bobo5bobo5bobo5bobo5bobobo$bobo3bo11bobobo3bobobobo3bobobo3bobobo7bobobobo3bobo3bobobo3bobobo3bob
            obo3bobobo3bobobo3bobobo3bobobobo$obobobo11bobobo7bo3bobobobobobobo5bobo3bobobobobobobobobobobobobob
            obobobobobobobobobobobobobobobobobobobobobo$5bo3bobo3bobobo3bo3bobobobobobobo3bobo5bo5bobobobobo3bo3
            bo3bobobo3bo3bo3bo3bo3bo3bo3bobobo3bo3bo3bobo$6bobobo9bobobobobobobobo3bobobo15bo3bobobo11bobo29bobo
            13bo$3bo11bo9bobo3bobobobobobobobo5bo5bobobobobobobo3bo3bobobo3bo3bo3bo3bo3bo3bo3bo3bo3bo3bo3bo$4bob
            obo5bo9bobobobobo3bo3bobobo5bobo3bobobobobo3bobobobobobobobobobobobobobobobobobobobobo5bobobobobobo$
            bo3bobo3bobo11bobobobobo3bobo3bo3bobobobobobo3bobobobobo3bobobo3bobobo3bobobo3bobobo3bobo7bobo3bobob
            o$6bobobobo9bobo3bo3bobobobo3bo3bo3bobo3bobobobobobobo5bobo5bobo5bobo5bobo5bo9bo5bobobo$9bo11bo3bobo
            bobo5bo3bo3bobobo3bobobo3bobo3bobo3bobobo3bobobo3bobobo3bobobo3bo11bo3bobobobo$6bo3bobo5bobobobobobo
            bobobobo7bobobobo3bobobobobobobobobobobobobobobobobobobobobobobobobobo13bobobobobo$bo3bo5bo5bobobobo
            bobobobobobobo5bo3bo3bobobobo3bobobo3bobobo3bo3bo3bobobo3bo3bo3bobo15bobo3bobo$2bo3bobobobobobobobob
            obo3bobobobobo9bobobobobobo3bobobobo3bobo13bobo13bo17bo5bo$9bobobo5bo3bobobobo3bobo9bobobobobo5bobob
            obobobobobo3bo3bo3bobobo3bo3bo3bo19bo3bo$2bobo5bobobobobobo3bobobobobobo9bo3bobobobobobo3bobo3bobobo
            bobobobobobobobobobobobobobo21bobo$7bo3bobobobobobobobobobo3bo7bobobobobobobobobobo7bobo3bobobo3bobo
            bo3bobobo3bobo23bobo$o7bobo3bo3bobobo3bobobobo7bobobobo3bo3bobobobobobobobo5bobo5bobo5bobo5bo25bobo$
            5bo3bo7bo5bo3bobobo7bobo5bobo3bo3bobobobobobobo3bobobo3bobobo3bobobo3bo27bobo$4bobobobo5bo5bobobo11b
            obobobo3bobobobo5bobo3bobobobobobobobobobobobobobobobo29bo$3bo3bo3bo5bo3bobo3bobo7bobobo3bobobobo3bo
            3bobobobo3bo3bo3bo3bo3bo3bo3bobo27bobo$obo3bo9bo3bo3bobobo7bobobobobobobo3bobobo5bobobo27bo27bo$21bo
            3bo3bo5bo5bobobobobobobobobobobobobobobo3bo3bo3bo3bo3bo3bo29bobo$2bobo15bobobo3bo7bobobobo3bobobobob
            o3bobobobo3bobobobobobobobobobobobobo33bo$7bo15bo7bobobobobobobobo3bobobo3bobo5bobobo3bobobo3bobobo3
            bobo$o7bo13bobobo3bobo3bobobobobobobo3bobobobobobobobobo5bobo5bobo5bo35bo$17bo15bobobobobobobobobobo
            bobo3bobobobobobo3bobobo3bobobo3bo37bo$10bo5bo7bo3bo3bobobobo3bo3bobo3bobobobobo3bobobobobobobobobob
            obobobo$15bo15bo5bobobobobobo5bo5bobobobo3bobobo3bo3bo3bobo$12bo13bobobobobo3bobobobobobo3bo3bobo5bo
            bo3bobo13bo$13bo3bo11bo3bobobobobo7bobobobobobobobobobobobobo3bo3bo3bo$14bo13bobo3bobo3bobobo3bobobo
            3bobobobobo3bobobobobobobobobo$31bobo3bo3bobo7bobo3bobobo3bobobo3bobobo3bobo$16bo13bobo3bobobobo5bob
            obobobobo3bobobobo5bobo5bo$17bo19bobobo7bobobobobobobo5bobo3bobobo3bo$36bobobobo7bo3bobobobo3bobobob
            obobobobobo$19bo3bo3bo5bobobo3bo7bo3bobobo5bobo3bo3bo3bobo$20bo5bo5bobo3bobo15bobobobobobo11bo$25bo1
            1bo9bobo3bobobobobobobobobo3bo3bobo$22bo13bobobo5bo7bobo5bobo3bobobobobobobo$23bo13bobo5bo9bo3bobo3b
            obobo3bobobo3bo$24bo13bobobobo9bo5bobobobobo5bobo5bo$33bo3bobobo3bo3bo3bobobo3bobobobobo3bobobo3bobo
            $26bo7bobobobobobo3bo3bobo5bobobobobobobobobobobobobo$35bo3bo3bo5bo3bo7bo3bo3bobobo3bo3bo3bo$28bo5bo
            bo3bo3bobobo11bo3bobo3bobo13bo$29bo3bo3bo7bo5bobo5bobobobobobobobo3bo3bo3bobo$32bobo5bobobobobobobo3
            bobobobobo3bobobobobobobobobobobo$35bo5bo3bo3bo3bobobobobobobobobo3bobobo3bobobo3bo5bo$30bo3bo3bo7bo
            3bo7bo3bobobobo3bobobo5bobo5bo3bobo$33bo13bo3bobo3bo7bobo7bobo3bobobo3bobo$30bobo5bobo9bobo9bobobobo
            bobobobobobobobobobobobobobo$41bo3bo5bo5bo3bobo7bo3bobobo3bobobo3bobo3bobo$28bo3bo3bo13bobo11bo3bo3b
            obobobo5bobo5bo7bo!
            """)

}
