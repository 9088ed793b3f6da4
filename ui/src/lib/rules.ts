// Short summaries of the Goeben, 1914 rules and charts, in the app's own words, for the rule numbers the
// referee shows next to log lines and decisions (issue #6). The project quotes rule numbers, never the
// rulebook's sentences: every summary below is a paraphrase. Chart summaries say what a chart is for;
// the values the app uses are those of the rules pack (docs/CHARTS.md).

export interface RuleSummary {
  title: string;
  summary: string;
}

/** One match of `lookupRule`: the key it matched and its summary. */
export interface RuleEntry extends RuleSummary {
  ref: string;
}

export const RULES: Record<string, RuleSummary> = {
  // 1.0 Introduction
  '1.0': {
    title: 'Introduction',
    summary:
      'You command Goeben and Breslau in a solitaire game set in the Mediterranean in August 1914. Each scenario gives you one mission to accomplish; the game runs the Allied side through its procedures.',
  },
  '1.1': {
    title: 'General course of play',
    summary: 'Each scenario is one mission; missions can be chained into a campaign. You move the German (and any allied) ships while the rules move the Allies.',
  },
  '1.2': {
    title: 'Game scale',
    summary: 'A turn is a day and neighbouring sea spaces are roughly 100 nautical miles apart. Most counters are single ships; destroyers are flotillas and convoys include their escorts.',
  },
  '1.3': {
    title: 'Important definitions',
    summary:
      'Defines terms such as draw, select, may and must, revealed markers and the Incident Pool. "Roll against a value" means rolling that many dice; "+1" or "+2" means extra rolls, not a modifier.',
  },
  '1.4': {
    title: 'Naval unit abbreviations',
    summary: 'The ship-type letters used on counters: BB, BC, B, CA, CL (also LC), CP, C, DD, plus colliers, troop convoys and merchantmen.',
  },

  // 2.0 Components
  '2.0': {
    title: 'Components',
    summary: 'The game has a map, a sheet of 176 counters and the rules; you supply six-sided dice (several help).',
  },
  '2.1': {
    title: 'The game map',
    summary:
      'The map holds the sea spaces and navigation lines, ports and bases, the sea zones, the German ship displays with their tracks, the holding boxes, the Alert and Turn tracks and the charts.',
  },
  '2.2': {
    title: 'Game pieces',
    summary:
      'Describes the German ships and colliers, Austro-Hungarian and Allied ships, coastal defenses, Incident markers (face down until revealed) and the crew, gear and status markers.',
  },

  // 3.0 Setup
  '3.0': {
    title: 'Setting up the game',
    summary:
      'Ten setup steps: the Alert Level starts at 1, Allied warships go face down into the patrol zones and the pool, coastal defenses go into Allied ports, an Orders marker sets the mission, and the German ships are filled in, outfitted and placed at Messina with one collier at sea.',
  },
  '3.0 step 1': { title: 'Setup: the map', summary: 'Lay out the map.' },
  '3.0 step 2': { title: 'Setup: Alert Level', summary: 'The Allied Alert Level marker starts on 1.' },
  '3.0 step 3': {
    title: 'Setup: Allied warships',
    summary:
      'British and French warships are mixed face down with a few Quiet Seas markers and dealt unseen to the British and French patrol zones; the rest, and all other Incident markers, go into the pool. New Zealand stays out of the standard game.',
  },
  '3.0 step 4': {
    title: 'Setup: coastal defenses',
    summary: 'Coastal defense units are dealt face down to the Allied ports, one or two per port as listed; the leftovers are out of play, still unseen.',
  },
  '3.0 step 5': {
    title: 'Setup: scenario orders',
    summary: 'One Orders marker is drawn at random and becomes your mission; the Orders Chart sets how many days you have.',
  },
  '3.0 step 6': {
    title: 'Setup: ship displays',
    summary: 'Goeben and Breslau start with fixed values on each track (leadership, engines, hull, guns, ammunition, torpedoes and coal). Breslau has no primary or tertiary guns.',
  },
  '3.0 step 7': {
    title: 'Setup: outfitting',
    summary: 'Each ship buys crew and gear with points equal to twice its leadership, one item per hull box (see 7.0 and 8.1).',
  },
  '3.0 step 8': { title: 'Setup: start at Messina', summary: 'Goeben and Breslau begin in the Messina space (18.0 offers a random start instead).' },
  '3.0 step 9': {
    title: 'Setup: one collier',
    summary: 'Place a German collier on any sea space you choose. Moltke, Stralsund, the second collier and Austro-Hungarian ships stay out of the standard game.',
  },
  '3.0 step 10': { title: 'Setup: start play', summary: 'Begin turn 1 and follow the sequence of play (4.0).' },

  // 4.0 Sequence of play
  '4.0': {
    title: 'Sequence of play',
    summary:
      'A scenario is a series of turns, one per day. When the last turn ends without the mission done, you lose; finishing the mission earlier wins (17.0).',
  },
  '4.1': {
    title: 'Phases',
    summary:
      'Each turn runs eight phases in order: Outfitting & Repair, Intelligence, Movement, Incidents, Naval Combat, Commerce Raiding, Shore Bombardment and Objective. A ship that outfits or repairs skips that turn\'s movement.',
  },

  // 5.0 Alert Level
  '5.0': {
    title: 'Allied Alert Level',
    summary: 'The Alert Level (1–6) measures how hard the Royal Navy is hunting you. It rises and falls with events and intelligence and drives incident picks, contact and break-off.',
  },
  '5.1': {
    title: 'Allied Alert Level track',
    summary: 'The marker starts at 1 and moves with game events and intelligence results, as listed on the Alert Level Chart.',
  },
  '5.2': {
    title: 'Maximum and minimum',
    summary: 'The Alert Level never goes below 1 or above 6. Changes that happen together are netted into one change.',
  },
  '5.3': {
    title: 'Alert effects',
    summary: 'The Alert Level sets how many Incident markers you pick each Incident phase (13.0), adds to the Allied contact rating (14.3) and is the target of the Allied break-off roll (14.4).',
  },
  '5.4': { title: 'Alert Level immediacy', summary: 'A change to the Alert Level applies at once, as soon as the event that causes it happens.' },

  // 6.0 German ships
  '6.0': { title: 'German Mediterranean Division', summary: 'Your task force is Goeben and Breslau.' },
  '6.1': {
    title: 'Deployment',
    summary: 'The ships may sail together or apart. When split, play each phase to the end for one ship before the other, in the order you choose.',
  },
  '6.2': {
    title: 'German warship characteristics',
    summary:
      'Explains the tracks on a ship display: leadership, guns, engines (cruise, maximum and emergency speed), hull (damage capacity and cargo room), ammunition, torpedoes and reserve coal. Engines at zero leave the ship dead in the water; hull at zero sinks it.',
  },
  '6.3': {
    title: 'Damage',
    summary: 'Each hit moves the named track one step toward zero. A ship sinks when its hull reaches zero; other tracks simply stop at zero and further hits on them are lost.',
  },

  // 7.0 Outfitting
  '7.0': {
    title: 'Outfitting',
    summary:
      'In the Outfitting & Repair phase a ship can rearm, repair, take on coal or swap cargo; how much a place supplies is on the Terrain Effects Chart. A ship that does so cannot move that turn.',
  },
  '7.1': {
    title: 'Arming',
    summary: 'Only friendly ports and naval bases rearm. Roll the dice the Terrain Effects Chart allows and split the result between ammunition and torpedoes of the ships there.',
  },
  '7.2': { title: 'Repairing', summary: 'Repairs follow rule 10.0.' },
  '7.3': {
    title: 'Coaling',
    summary: 'Friendly or neutral ports and bases, and captured enemy ports (not enemy bases), give coal: roll the dice the Terrain Effects Chart allows and share it out.',
  },
  '7.4': {
    title: 'Colliers',
    summary: 'A collier is a fixed coal supply on the map: it never moves and draws no incidents. A ship in its space rolls 2d6 for coal during Outfitting, and the collier is then used up.',
  },
  '7.5': {
    title: 'Colliers and combat',
    summary: 'Colliers take no part in battles, but one left in a space where only enemy warships survive a battle is lost.',
  },

  // 8.0 Cargo
  '8.0': { title: 'Cargo', summary: 'Cargo is extra crew and gear bought with cargo points; it is optional but gives advantages.' },
  '8.1': {
    title: 'Outfitting your ship',
    summary: 'At the start of a scenario each ship has cargo points equal to twice its leadership, spent at the prices on the Crew and Gear chart. Leadership itself is not reduced.',
  },
  '8.2': { title: 'Stowing', summary: 'Every crew or gear item needs its own hull box; a box holds one item.' },
  '8.3': {
    title: 'Additional crew and gear',
    summary:
      'More cargo can come from incidents or a friendly naval base, never beyond the hull boxes or the counters in the game. Gear can be dumped during Outfitting; crew can only be landed in a friendly port or base.',
  },
  '8.4': { title: 'Cargo and damage', summary: 'When a hull hit wipes out a box, the crew or gear stowed in it is lost.' },
  '8.5': {
    title: 'Cargo at a friendly naval base',
    summary: 'During Outfitting in a friendly naval base a ship may buy more cargo with points equal to its leadership (not doubled), within its hull space.',
  },
  '8.6': {
    title: 'Transferring cargo',
    summary: 'Ships together in a port or base can swap cargo counters. Neutral and captured ports count as friendly for this.',
  },

  // 9.0 Ports
  '9.0': {
    title: 'Ports and naval bases',
    summary: 'Ports and bases are friendly, neutral or enemy. Friendly ones are always open, neutral ones allow a single visit (9.1), and enemy ones must be fought or captured (9.2).',
  },
  '9.1': {
    title: 'Neutral ports and naval bases',
    summary:
      'Each neutral port can be visited once per game: a ship that stays through a whole Movement phase has made its visit, must then leave, and no German ship may enter that port again (mark it Visited).',
  },
  '9.2': {
    title: 'Seebataillon and capturing ports',
    summary:
      'A ship carrying marines that destroys an enemy port\'s coastal defenses (and any warships there) can land them to capture the port. It stays captured while ship and marines remain; a captured port coals and repairs but does not rearm.',
  },

  // 10.0 Repairs
  '10.0': {
    title: 'Repairs',
    summary: 'During Outfitting & Repair, damaged guns, engines and hull can be moved back up, never past their starting values.',
  },
  '10.1': {
    title: 'Repair procedure',
    summary:
      'Roll dice equal to leadership plus any bonuses on the Repair Table, assigning each die to a damaged track before rolling; each success repairs one point. Ports and bases repair better than the open sea, and a ship that tries cannot move that turn.',
  },

  // 11.0 Intelligence
  '11.0': {
    title: 'Intelligence',
    summary: 'In the Intelligence phase one ship may try to learn what hides under face-down markers or to shift the Alert Level.',
  },
  '11.1': {
    title: 'Intelligence procedure',
    summary: 'Pick one ship, add up its Intelligence Value, roll one die and read the Intelligence Table; apply the result at once. Only one attempt per turn.',
  },
  '11.2': {
    title: 'Intelligence results',
    summary: 'The results are explained beside the Intelligence Table: examining face-down markers in a patrol zone, or raising or lowering the Alert Level. Some incidents give extra intelligence.',
  },

  // 12.0 Movement
  '12.0': {
    title: 'Movement',
    summary: 'Each ship moves along linked spaces up to its speed. A ship that outfitted or repaired this turn stays put.',
  },
  '12.1': { title: 'Cruise speed', summary: 'Moving up to cruise speed, or not moving at all, costs no coal.' },
  '12.2': { title: 'Maximum speed', summary: 'Spending one coal lets a ship move up to its maximum speed that phase.' },
  '12.3': {
    title: 'Emergency speed',
    summary: 'One coal also buys emergency speed, but after moving roll a die: on 1–2 the engines lose one step. The ship still completes its move.',
  },
  '12.4': {
    title: 'Engine damage and speed',
    summary: 'Every engine hit lowers each speed band by one until repaired, so a damaged ship may not reach its old maximum.',
  },
  '12.5': {
    title: 'Movement spaces',
    summary:
      'Ships must stop on entering an Allied patrol zone or any port or base; enemy ports mean a fight with their coastal defenses. The Atlantic exit is only for the Atlantic Breakout mission and the Black Sea is closed.',
  },

  // 13.0 Incidents
  '13.0': {
    title: 'Incident phase',
    summary:
      'In every space with German warships: reveal face-down markers there, pick as many markers from the pool as the Alert Level, set warships aside for combat and merchants for raiding, then resolve the other incidents in the order picked.',
  },
  '13.0 step 1': {
    title: 'Incident phase: reveal',
    summary: 'Turn face up any markers already in the space. Revealed warships stay and will fight; a revealed Quiet Seas goes back to the pool.',
  },
  '13.0 step 2': {
    title: 'Incident phase: pick from the pool',
    summary: 'Draw as many markers from the Incident Pool as the current Alert Level, on top of anything revealed in step 1 (fewer or none in some ports, see 13.2).',
  },
  '13.0 step 3': {
    title: 'Incident phase: sort the picks',
    summary: 'Allied warships wait for the Naval Combat phase, merchantmen and troop convoys for Commerce Raiding, and every other marker is laid face up in the order drawn.',
  },
  '13.0 step 4': {
    title: 'Incident phase: resolve events',
    summary: 'The event markers from step 3 are carried out one at a time, in the order they were picked.',
  },
  '13.1': {
    title: 'Incident resolution',
    summary:
      'Each incident does what the Incident Chart says, even where that overrides a rule. Markers marked "remove from play" leave the game; the rest return to the pool afterwards. Ships pick even if they did not move; colliers never pick.',
  },
  '13.2': {
    title: 'Incidents in ports and naval bases',
    summary:
      'Ships in friendly ports and bases make no picks, nor do ships in neutral ones while the Alert Level is 3 or less. In enemy ports and bases they pick extra markers (Terrain Effects Chart). Constantinople never picks.',
  },

  // 14.0 Naval combat
  '14.0': {
    title: 'Naval combat',
    summary: 'A battle happens in the Naval Combat phase wherever German and Allied warships share a space.',
  },
  '14.1': {
    title: 'Battle deployment',
    summary: 'Move the ships of the battle to the Naval Combat Display and leave a battle marker in their space on the map.',
  },
  '14.2': {
    title: 'Combat subroutine',
    summary:
      'Contact (14.3) decides who has the First Salvo. Then the sides alternate, first salvo before second: primary guns, secondary guns, tertiary guns, and finally torpedoes, with damage applied at once after each fire.',
  },
  '14.3': {
    title: 'Contact procedure',
    summary:
      'German rating: one ship\'s leadership plus leadership bonuses plus one ship\'s speed. Allied rating: Alert Level plus the fastest Allied speed, plus 1 in Allied zones, ports or bases. Roll a die, add the German rating, subtract the Allied one and read the Contact Table: no contact, Contact 1 or Contact 2.',
  },
  '14.4': {
    title: 'Break-off',
    summary:
      'With the First Salvo you may break off into a clear adjacent space (no neutral or enemy port, no enemy ships or markers). If the Allies have it, roll a die: above the Alert Level they break off and return to the pool; otherwise the battle is fought.',
  },
  '14.5': {
    title: 'Gunfire',
    summary:
      'Each ship picks one target a round and fires every gun type at it. German dice = gun firepower + leadership + 1 with a reserve crew + 2 with a targeting calculator − the target\'s armor; every 6 hits and is rolled on the Gunnery Hit table.',
  },
  '14.6': {
    title: 'Torpedo fire',
    summary:
      'Torpedoes work like gunfire, may pick a different target, and hit on 5 or 6, each hit rolled on the Torpedo Hit table. The rulebook also numbers Allied torpedo fire 14.6: it hits on 5–6 and Allied torpedoes are never used up.',
  },
  '14.7': {
    title: 'Inflicting hits',
    summary: 'A ship\'s hit results are applied when it finishes firing; a Withdrawal result takes effect after all the other hits.',
  },
  '14.8': {
    title: 'German ammunition expenditure',
    summary: 'A German ship spends one ammunition each time it fires its guns, however many gun types fire, and one torpedo per torpedo launched. At zero it can no longer fire that weapon until rearmed.',
  },
  '14.9': {
    title: 'Maximum fire',
    summary: 'A German ship may spend two ammunition instead of one to double the firepower part of its firing dice for the battle.',
  },
  '14.10': {
    title: 'Torpedo expenditure',
    summary: 'Fire any number of a ship\'s torpedoes, one point each; at zero no more until rearmed. Extra Torpedoes gear refills the track once at the end of a phase and is then used up.',
  },
  '14.11': {
    title: 'Firing Allied warships',
    summary:
      'Allied ships fire one by one from the largest type to the smallest, British before French, each at the target the Targeting Priority Chart gives (a die breaks ties). Their dice equal the gun\'s firepower; every 6 hits.',
  },
  '14.13': {
    title: 'Effects of fire on Allied ships',
    summary:
      'Hits on Allied ships follow the hit tables. A ship with more damage results than its armor sinks; a damaged or withdrawn ship leaves the scenario after the battle. You score VP for Allied ships damaged and, more, for those sunk.',
  },
  '14.14': {
    title: 'End of combat',
    summary:
      'German survivors stay on the map; Allied ships not sunk, damaged or withdrawn go back to the pool. Score the battle on the Victory Points Chart: a net gain of 15 or more raises the engaged ships\' leadership by one, and a net loss of 15 or more lowers every German ship\'s leadership by one.',
  },
  '14.15': {
    title: 'Attacking Allied troop convoys',
    summary: 'A troop convoy is fought like a warship (its values are the escort). If the convoy wins the First Salvo it slips away to the pool at once, with no Alert roll.',
  },

  // 15.0–17.1
  '15.0': {
    title: 'Commerce raiding',
    summary:
      'Ships in a space with an Allied merchantman roll one die and add one ship\'s leadership: that many VP. The merchant then returns to the pool; no ammunition is spent.',
  },
  '16.0': {
    title: 'Shore bombardment',
    summary:
      'A German ship in an Allied port or base may fire at its coastal defenses using the combat subroutine. The defenses have contact 0, fire as primary guns and cannot be torpedoed; your hits on them use the Shore Bombardment column.',
  },
  '17.0': {
    title: 'Winning the game',
    summary:
      'In each Objective phase, check whether the mission on your Orders is done (place, VP and any other condition). If it is, you win at once; if the last turn ends first, you lose.',
  },
  '17.1': {
    title: 'Victory points',
    summary: 'VP are gained and lost as the Victory Points Chart and some incidents say. A total at or below zero does not end the game. Errata: C or CL on the chart means CP or CL.',
  },

  // Optional rules 18.0–25.0
  '18.0': {
    title: 'Variable initial deployment (optional)',
    summary: 'Instead of starting at Messina, roll on the Variable Initial Deployment Table for the task force\'s starting port.',
  },
  '19.0': {
    title: 'Additional German ships (optional)',
    summary: 'Moltke can replace Goeben and Stralsund can join Breslau, each for a VP cost paid at the start; taking all four ships costs more and brings HMS New Zealand into the pool.',
  },
  '19.1': {
    title: 'Extra ships in the campaign',
    summary: 'In a campaign the extra ships join only at the start, or, after a won Atlantic Breakout, together at a reduced VP cost (New Zealand then enters the pool).',
  },
  '20.0': {
    title: 'Austro-Hungarian units (optional)',
    summary:
      'Austro-Hungarian ships brought in by their fleet sortie start at Pola and are yours to command, with leadership fixed at 3, no coal or ammunition to track, and only in the Adriatic, Eastern Mediterranean and Aegean.',
  },
  '20.1': { title: 'Royal Navy response', summary: 'The moment any Austro-Hungarian ship enters play, HMS New Zealand joins the Incident Pool (unless already in the game).' },
  '21.0': {
    title: 'Seaplanes (optional)',
    summary: 'A battlecruiser may carry one seaplane, which takes two hull boxes. It adds 2 to contact except in poor visibility or at night.',
  },
  '21.2': {
    title: 'Seaplane reconnaissance',
    summary: 'Once per Intelligence phase, send the seaplane to an adjacent space and roll: 1 it is shot down, 2–3 nothing found, 4–6 every Allied unit there is revealed.',
  },
  '22.0': {
    title: 'Night combat (optional)',
    summary: 'Roll at the start of each battle: on 1–2 it is night, halving all gunfire (round up). Searchlights cancel this and torpedoes are unaffected.',
  },
  '23.0': {
    title: 'Mines (optional)',
    summary: 'A light cruiser can drop mines from its hull into a space while moving (not a neutral port). Each Allied ship there rolls a die and on a 6 is knocked out of the scenario for VP; the mines are then spent.',
  },
  '24.0': {
    title: 'Campaign game (optional)',
    summary: 'Play missions one after another; each Orders marker is used once, and success or failure carries into the following missions.',
  },
  '24.1': {
    title: 'Winning and losing scenarios',
    summary:
      'A won mission gives every German ship +1 leadership and the mission\'s bonus; a lost one costs 1 leadership. Negative VP at a scenario\'s end ends the campaign. Between missions, repair, reset VP and sort the sunk ships as listed.',
  },
  '24.2': { title: 'German warship basing', summary: 'Between missions the German ships start at Pola, or at the ports a won mission\'s bonus allows.' },
  '24.3': {
    title: 'Allied warship deployment',
    summary: 'Allied ships are set up as in 3.0, but each Allied battlecruiser sunk adds one more Incident marker to the patrol-zone draw.',
  },
  '24.4': {
    title: 'Ottoman versus Italian neutrality',
    summary: 'Whichever of the Ottoman and Italian Alliance missions you win first, the other leaves play and that country stays neutral for good.',
  },
  '24.5': {
    title: 'Winning the campaign',
    summary: 'Count the missions won: two or fewer is a defeat, three a draw, four or more a victory. Losing all four German ships can still be a moral victory.',
  },
  '25.0': {
    title: 'Multi-player options',
    summary: 'Several players can share the game, as officers of one task force, as captains of separate ships (with an order of precedence and limits on talking), or with one player for the Austro-Hungarians.',
  },

  // Charts and tables
  'Incident Chart': {
    title: 'Incident Chart',
    summary: 'Tells what each Incident marker does when it is picked or revealed (13.1). Its instructions take priority over the general rules.',
  },
  'Contact Table': {
    title: 'Contact Table',
    summary: 'Turns the final contact roll of 14.3 into a result: no contact, or Contact 1 or 2 with one side firing first. Higher finals favour the Germans.',
  },
  'Victory Points Chart': {
    title: 'Victory Points Chart',
    summary: 'Lists the VP gained for damaging or sinking each Allied type and destroying coastal defenses, and lost for German ships sunk (14.13, 14.14, 17.1).',
  },
  'Targeting Priority Chart': {
    title: 'Targeting Priority Chart',
    summary: 'For each type of Allied ship, the order of German ship types it fires at (14.11). Ties between equal targets are settled with a die.',
  },
  'Terrain Effects Chart': {
    title: 'Terrain Effects Chart',
    summary: 'For each kind of space or port, how many dice of ammunition and coal it supplies, whether cargo can be bought, and how many extra incidents it draws (7.1, 7.3, 13.2).',
  },
  'Repair Table': {
    title: 'Repair Table',
    summary: 'How many repair dice a ship rolls (leadership plus bonuses) and what each die needs to repair a point, which is easier in port than at sea (10.1).',
  },
  'Gunnery Hit table': {
    title: 'Gunnery Hit table',
    summary: 'One roll per gunfire hit gives its effect: damage to hull, guns or engines, a Withdrawal, or sinking outright. There are columns for Allied and for German targets.',
  },
  'Torpedo Hit table': {
    title: 'Torpedo Hit table',
    summary: 'Like the Gunnery Hit table but for torpedo hits (and submarine torpedo runs), with heavier results.',
  },
  'Shore Bombardment column': {
    title: 'Shore Bombardment hits',
    summary: 'The firing-table column used for warship hits on coastal defense units (16.0).',
  },
  'Intelligence Table': {
    title: 'Intelligence Table',
    summary: 'Cross the die roll with the ship\'s Intelligence Value to get a result code, explained beside the table (11.1, 11.2).',
  },
  'Alert Level Chart': {
    title: 'Alert Level Chart',
    summary: 'Lists the events and intelligence results that raise or lower the Allied Alert Level (5.1).',
  },
  'Orders Chart': {
    title: 'Orders (Scenario) Chart',
    summary: 'For each mission: what to do, how many days you have, where it must end, the VP needed, and the campaign bonus for winning it.',
  },
  'Crew and Gear chart': {
    title: 'Crew and Gear chart',
    summary: 'The cargo point cost of each crew and gear item and what it does (8.1).',
  },
  'Variable Initial Deployment Table': {
    title: 'Variable Initial Deployment Table',
    summary: 'Optional: a die roll picks the port where the task force starts (18.0).',
  },

  // Orders Chart missions
  'Orders Chart: Atlantic Breakout': {
    title: 'Orders Chart: Atlantic Breakout',
    summary: 'Break out past Gibraltar: finish on the Atlantic space with at least 60 VP within 6 days.',
  },
  'Orders Chart: Austro-Hungarian Naval Pact': {
    title: 'Orders Chart: Austro-Hungarian Naval Pact',
    summary: 'Sail to Pola to lead the Austro-Hungarian fleet: finish there with at least 60 VP within 6 days.',
  },
  'Orders Chart: Raid French African Army Convoys': {
    title: 'Orders Chart: Raid French African Army Convoys',
    summary: 'Within 10 days, destroy the coastal defenses of Algiers, Philippeville and Bone, reach 100 VP and end in a friendly naval base.',
  },
  'Orders Chart: Italian Alliance': {
    title: 'Orders Chart: Italian Alliance',
    summary: 'Show the flag at Genoa: finish there with at least 100 VP within 10 days.',
  },
  'Orders Chart: Ottoman Alliance': {
    title: 'Orders Chart: Ottoman Alliance',
    summary: 'Reach Constantinople with at least 75 VP within 8 days.',
  },
  'Orders Chart: Suez Canal Operation': {
    title: 'Orders Chart: Suez Canal Operation',
    summary: 'Within 8 days, destroy the coastal defenses of Alexandria and Port Said, reach 75 VP and end in a friendly naval base.',
  },

  // Incident Chart entries
  'Incident Chart: Allied Merchantman': {
    title: 'Incident Chart: Allied Merchantman',
    summary: 'A merchant ship to prey on: keep it aside for the Commerce Raiding phase (15.0).',
  },
  'Incident Chart: Allied Patrol': {
    title: 'Incident Chart: Allied Patrol',
    summary: 'The Alert Level goes up by one, but only if you are in an Allied patrol zone, port or naval base; elsewhere nothing happens.',
  },
  'Incident Chart: Allied Submarine': {
    title: 'Incident Chart: Allied Submarine',
    summary:
      'Roll a die: 1–2 is a false alarm; 3–4, each German ship either spends a coal or faces a torpedo run; 5, a torpedo run on every German ship (hit on 5–6, then the Torpedo Hit table). On a 6 you ram and sink it for 2 VP, and one of your ships takes a hull hit.',
  },
  'Incident Chart: Austro-Hungarian Fleet Sorties': {
    title: 'Incident Chart: Austro-Hungarian Fleet Sorties',
    summary:
      'Counts only with a German warship in the Adriatic. Standard game: Allied warships picked in the Adriatic this phase go back to the pool with no fight and no replacement (optional 20.0: Austro-Hungarian ships join you instead). Then the marker leaves play.',
  },
  'Incident Chart: Collier Attacked': {
    title: 'Incident Chart: Collier Attacked',
    summary: 'Roll a die for every German collier on the map; each 6 loses that collier and 1 VP.',
  },
  'Incident Chart: Central Powers Fleet Sortie': {
    title: 'Incident Chart: Central Powers Fleet Sortie',
    summary:
      'Only after an Ottoman or Italian Alliance mission has been won, otherwise it is Quiet Seas. Allied warships picked this phase in that ally\'s waters (the Aegean for the Ottomans; the Adriatic and Western Mediterranean for Italy) go back to the pool without a fight, and the marker leaves play.',
  },
  'Incident Chart: French Navy Sorties': {
    title: 'Incident Chart: French Navy Sorties',
    summary:
      'German colliers in or next to the Toulon and North African patrol zones are lost. During the next Movement phase those zones are closed, German ships still in them at its end are sunk, and then the marker returns to the pool.',
  },
  'Incident Chart: French Troop Convoy': {
    title: 'Incident Chart: French Troop Convoy',
    summary: 'Only in the Western Mediterranean (elsewhere it goes back with no substitute): the convoy joins your space and must be fought in the Naval Combat phase (14.15).',
  },
  'Incident Chart: French Warship': {
    title: 'Incident Chart: French Warship',
    summary: 'Only in the Western Mediterranean (elsewhere it goes back with no substitute): the ship joins your space and must be fought in the Naval Combat phase.',
  },
  'Incident Chart: Friendly Ship': {
    title: 'Incident Chart: Friendly Ship',
    summary:
      'Keep it until next turn\'s Outfitting & Repair phase, which you must take: if your ships are still in the space they gain 1d6 coal between them and two extra repair dice each.',
  },
  'Incident Chart: Intelligence from Berlin': {
    title: 'Incident Chart: Intelligence from Berlin',
    summary: 'You receive your choice of the IB or JE result of the Intelligence Table.',
  },
  'Incident Chart: Limited Visibility': {
    title: 'Incident Chart: Limited Visibility',
    summary:
      'If a battle happens in this space this turn, roll once: 1–2 it starts at secondary range, 3–4 at tertiary range (the longer-range guns fire together with them), 5–6 no combat or bombardment at all. It also turns a Contact 1 into no contact.',
  },
  'Incident Chart: Mechanical Breakdown': {
    title: 'Incident Chart: Mechanical Breakdown',
    summary: 'Roll a die for every ship in the space; each 6 costs that ship one engine step (not below zero).',
  },
  'Incident Chart: Minefield': {
    title: 'Incident Chart: Minefield',
    summary: 'Only in an Allied port or naval base: roll a die per ship; each 6 costs that ship a step of both hull and engines.',
  },
  'Incident Chart: Quiet Seas': { title: 'Incident Chart: Quiet Seas', summary: 'Nothing happens.' },
  'Incident Chart: Royal Navy Conflicting Orders': {
    title: 'Incident Chart: Royal Navy Conflicting Orders',
    summary: 'The Alert Level drops by one, never below 1.',
  },
  'Incident Chart: Royal Navy Orders "Pursue"': {
    title: 'Incident Chart: Royal Navy Orders "Pursue"',
    summary: 'The Alert Level rises by one, never above 6.',
  },
  'Incident Chart: Royal Navy Warship': {
    title: 'Incident Chart: Royal Navy Warship',
    summary: 'A British warship joins your space and must be fought in the Naval Combat phase (14.0).',
  },
  'Incident Chart: Morale Check': {
    title: 'Incident Chart: Morale Check',
    summary:
      'No effect on turn 1. Later, compare the turn number × 5 with your VP: if it is at least your VP, German ships roll one extra die per gun type and for torpedoes in this turn\'s battles; if it is lower, one die fewer.',
  },
  'Incident Chart: Storm': {
    title: 'Incident Chart: Storm',
    summary:
      'Each German warship in the space takes a hull hit on a 6 (Austro-Hungarian ships an engine hit). There is no combat, bombardment or landing here this turn; Allied warships present stay where they are.',
  },

  // Not a rule: the app's own record.
  correction: {
    title: 'Correction',
    summary: 'Not a rulebook rule: a value changed by hand in the Corrections screen to match the table.',
  },
};

/** Refs the core writes that describe an Incident Chart entry rather than naming it. */
const ALIASES: Record<string, string[]> = {
  'Incident Chart: only in the Western Mediterranean; no substitute': ['Incident Chart: French Troop Convoy', 'Incident Chart: French Warship'],
  "Incident Chart: the Austro-Hungarian fleet's sortie draws it off": ['Incident Chart: Austro-Hungarian Fleet Sorties'],
  'Mission Orders chart': ['Orders Chart'],
  'Orders (Scenario) Chart': ['Orders Chart'],
  'Crew & Gear chart': ['Crew and Gear chart'],
  'Damage table': ['Gunnery Hit table', 'Torpedo Hit table'],
  'Firing Tables': ['Gunnery Hit table', 'Torpedo Hit table', 'Shore Bombardment column'],
  'Targeting Priority': ['Targeting Priority Chart'],
};

/** Case, quotes, apostrophes and spacing do not matter when matching a ref. */
function normalize(s: string): string {
  return s
    .toLowerCase()
    .replace(/["“”]/g, '')
    .replace(/[‘’]/g, "'")
    .replace(/\s+/g, ' ')
    .trim();
}

const INDEX = new Map<string, string>(Object.keys(RULES).map((k) => [normalize(k), k]));
const ALIAS_INDEX = new Map<string, string[]>(Object.entries(ALIASES).map(([k, v]) => [normalize(k), v]));

/** The keys of RULES one part of a ref resolves to (empty when unknown). */
function resolve(part: string): string[] {
  const p = normalize(part);
  if (!p) return [];
  const exact = INDEX.get(p);
  if (exact) return [exact];
  const alias = ALIAS_INDEX.get(p);
  if (alias) return alias;

  // A rule number, perhaps followed by " step N" or by a note ("14.4: the Germans break off").
  const num = /^(\d{1,2})\.(\d{1,2})(?:\s+step\s+(\d+))?\b/.exec(p);
  if (num) {
    const [, major, minor, step] = num;
    const rule = `${major}.${minor}`;
    if (step) {
      const withStep = INDEX.get(`${rule} step ${step}`);
      if (withStep) return [withStep];
    }
    if (INDEX.has(rule)) return [INDEX.get(rule)!];
    const parent = INDEX.get(`${major}.0`);
    return parent ? [parent] : [];
  }

  // "Incident Chart: <something not listed>" falls back to the chart itself.
  const colon = p.indexOf(':');
  if (colon > 0) {
    const chart = INDEX.get(p.slice(0, colon).trim());
    if (chart) return [chart];
  }
  return [];
}

/**
 * The summaries for a rule reference as the app shows it: "14.3", "13.0 step 2",
 * "14.14, Victory Points Chart", "Incident Chart: Storm". Comma-separated parts are looked up one by one;
 * a step falls back to its rule and a missing sub-rule to its section (14.12 → 14.0). Unknown refs give [].
 */
export function lookupRule(ref: string): RuleEntry[] {
  const seen = new Set<string>();
  const out: RuleEntry[] = [];
  for (const part of ref.split(/\s*,\s*/)) {
    for (const key of resolve(part)) {
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ ref: key, ...RULES[key] });
    }
  }
  return out;
}
