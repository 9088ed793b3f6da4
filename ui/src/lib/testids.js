// @ts-check
// The one list of the app's test ids (`data-testid`), used by the components, the UI unit tests
// (ui/src/**/*.test.ts) and the end-to-end specs (e2e/*.mjs). Plain ESM with JSDoc so Vite, svelte-check and
// Node (the e2e specs, no build step) all import it as it is.
//
// A component writes `data-testid={tid.undoButton}`; an id built from data is a function here
// (`data-testid={tid.display(ship.id)}`); a row of radio chips (controls/Choice.svelte) takes one of the
// functions, e.g. `testid={tid.vcSide}`, and calls it with each segment's value. Nothing else spells an id:
// ui/src/lib/testids.test.ts fails on a literal `data-testid="…"` in a component, on an id string in a unit
// test or an e2e spec, on a `tid.name` that is not here, and on a name here that no component uses.
// Grouped by the component that renders the id.

export const tid = Object.freeze({
  // App.svelte
  errorBanner: 'error-banner',
  noticeBanner: 'notice-banner',
  undoQuestion: 'undo-question',
  undoConfirm: 'undo-confirm',
  undoStoppedAt: 'undo-stopped-at',
  undoBlocked: 'undo-blocked',
  undoButton: 'undo-button',
  logButton: 'log-button',
  chartsButton: 'charts-button',
  savesButton: 'saves-button',
  correctionsButton: 'corrections-button',
  newGameFooter: 'new-game-footer',
  savesStart: 'saves-start',
  finishedOpen: 'finished-open',
  /** The table tools' door on the start screen. */
  toolsOpen: 'tools-open',
  /** Back to the game in play, at the top of the start screen. */
  continueGame: 'continue-game',
  // components/EventList.svelte
  /** The last tap's result card: its headline and its lines. */
  results: 'results',
  /** The last tap's headline, the core's one line of what it did (issue #50). */
  headline: 'headline',
  // components/KnownCard.svelte
  /** The Allied ships the referee has shown (revealed or examined), kept. */
  knownAllied: 'known-allied',
  /** Every VP change with its cause. */
  knownVp: 'known-vp',
  // components/OrdersCard.svelte
  /** The Orders' conditions, each held now or not (17.0). */
  ordersConditions: 'orders-conditions',
  // components/Dock.svelte
  /** The dock's big button when the next step is a decision above it (it scrolls there). */
  /** Dock: the one decision due, when there is exactly one. */
  dockDecision: 'dock-decision',
  /** Dock: the last tap's headline, one line. */
  dockHeadline: 'dock-headline',
  nextStep: 'next-step',
  /** while a side page is open, the dock's big button leads back to the game. */
  backToGame: 'back-to-game',
  /** The back button pressed in a game: leave the app? (lib/back.ts) */
  leaveQuestion: 'leave-question',
  /** A decision that would leave something undone (a move not reported, points unspent): asked once. */
  skipQuestion: 'skip-question',
  skipBack: 'skip-back',
  skipConfirm: 'skip-confirm',
  leaveConfirm: 'leave-confirm',
  scanOpen: 'scan-open',
  /** On a short screen (the compact dock) Scan and Log open from the menu. */
  menuScan: 'menu-scan',
  menuLog: 'menu-log',
  menuButton: 'menu-button',
  // components/GameMenu.svelte
  /** The house rule "I roll the dice" switched on or off in play. */
  playerDiceToggle: 'player-dice-toggle',
  gameMenu: 'game-menu',
  // components/OnTheTable.svelte
  onTheTable: 'on-the-table',
  /** One instruction's tick-off button. */
  tableTick: 'table-tick',
  tableToDo: 'table-to-do',
  tableNow: 'table-now',
  tableTickAll: 'table-tick-all',
  // components/CodeField.svelte as the dock's scan sheet
  scanSheet: 'scan-sheet',
  scanClose: 'scan-close',
  // components/ActionPanel.svelte
  /** A legal action's button, by the action's name (`end_phase`, `place_collier`, `fire_orders`…). @param {string} kind */
  action: (kind) => `action-${kind}`,
  // components/AlertTrack.svelte
  alertLevel: 'alert-level',
  // components/BarrierNote.svelte
  barrierNote: 'barrier-note',
  // components/Battle.svelte
  battle: 'battle',
  /** The German ships of the battle, a lost one struck out. */
  battleGerman: 'battle-german',
  fireOption: 'fire-option',
  torpedoOption: 'torpedo-option',
  /** A torpedo target sunk by an earlier ship's launch this round, its place kept (14.6). */
  torpedoGone: 'torpedo-gone',
  /** Its fate, at the bottom where its Launch buttons stood. */
  torpedoGoneFate: 'torpedo-gone-fate',
  holdFire: 'hold-fire',
  forecastButton: 'forecast-button',
  forecast: 'forecast',
  // components/controls/
  /** The dice pad (controls/DicePad.svelte): the roll asked for, or the faces being corrected. */
  dicePad: 'dice-pad',
  dicePrompt: 'dice-prompt',
  /** The faces typed, in order, and the count "5 of 8". */
  diceFaces: 'dice-faces',
  diceCount: 'dice-count',
  /** A face button on the pad. @param {number} face */
  diceFace: (face) => `dice-face-${face}`,
  diceDelete: 'dice-delete',
  diceClear: 'dice-clear',
  diceDone: 'dice-done',
  diceCancel: 'dice-cancel',
  /** "Correct these dice", near the results, while the view has a correctable roll. */
  correctDiceOpen: 'correct-dice-open',
  /** FireCard: the maximum-fire switch on a target's card (one per card). */
  /** FireCard: what the order spends. */
  fireSpend: 'fire-spend',
  fireMaximum: 'fire-maximum',
  /** ContactPicker: a leader chip, by the ship's id. @param {string} ship */
  contactLeader: (ship) => `contact-leader-${ship}`,
  contactOdds: 'contact-odds',
  /** ContactPicker: a speed chip, by `ship:cruise` or `ship:maximum`. @param {string} speed */
  contactSpeed: (speed) => `contact-speed-${speed}`,
  /** CollierPicker: the collier's space picker (its button is `action('place_collier')`). */
  collierTo: 'collier-to',
  /** CargoPicker: the crew & gear section, and its Done (folds it). */
  cargoSection: 'cargo-section',
  cargoDone: 'cargo-done',
  cargoRefused: 'cargo-refused',
  /** Done with setup points unspent asks first. */
  cargoUnspent: 'cargo-unspent',
  cargoKeepBuying: 'cargo-keep-buying',
  /** CargoPicker: a ship's chip (its choices shown). @param {string} ship */
  cargoShip: (ship) => `cargo-ship-${ship}`,
  /** RepairDice: the dice left of a ship. @param {string} ship */
  repairLeft: (ship) => `repair-left-${ship}`,
  /** @param {string} ship */
  repairSentence: (ship) => `repair-sentence-${ship}`,
  /** @param {string} ship @param {string} track `hull` | `engines` | `primary` | `secondary` | `tertiary` */
  repairLess: (ship, track) => `repair-less-${ship}-${track}`,
  /** @param {string} ship @param {string} track */
  repairMore: (ship, track) => `repair-more-${ship}-${track}`,
  /** RepairDice: a spread the core offers (fills the counters). */
  repairOffer: 'repair-offer',
  // components/Career.svelte
  career: 'career',
  careerClose: 'career-close',
  careerError: 'career-error',
  careerEmpty: 'career-empty',
  careerHeadline: 'career-headline',
  /** @param {number} i the table's place (0: by Orders, 1: by campaign mission) */
  careerTable: (i) => `career-table-${i}`,
  careerPlot: 'career-plot',
  careerPoint: 'career-point',
  careerHighlights: 'career-highlights',
  careerLuck: 'career-luck',
  careerUnreadable: 'career-unreadable',
  // components/Charts.svelte
  /** The game's Charts card. */
  charts: 'charts',
  chartMessage: 'chart-message',
  exportPack: 'export-pack',
  packDownload: 'pack-download',
  packText: 'pack-text',
  importPack: 'import-pack',
  /** A chart's card, by its key (`contact_table`, `victory_points`…). @param {string} key */
  chart: (key) => `chart-${key}`,
  /** @param {string} key */
  chartEditButton: (key) => `edit-button-${key}`,
  /** The chart's JSON text being edited. @param {string} key */
  chartEdit: (key) => `edit-${key}`,
  /** @param {string} key */
  chartSave: (key) => `save-${key}`,
  /** @param {string} key */
  chartReset: (key) => `reset-${key}`,
  /** a reconstructed chart's list of the values most likely noticed. @param {string} key */
  chartNotable: (key) => `notable-${key}`,
  // components/CodeField.svelte
  codeInput: 'code-input',
  codeSubmit: 'code-submit',
  cameraButton: 'camera-button',
  webcamButton: 'webcam-button',
  webcamView: 'webcam-view',
  webcamStatus: 'webcam-status',
  webcamCancel: 'webcam-cancel',
  codeError: 'code-error',
  scanResult: 'scan-result',
  scanPlacement: 'scan-placement',
  scanDisplay: 'scan-display',
  scanActions: 'scan-actions',
  inventoryToggle: 'inventory-toggle',
  inventory: 'inventory',
  // components/Corrections.svelte
  correctVp: 'correct-vp',
  // components/FinishedGame.svelte
  finishedRow: 'finished-row',
  finishedWhen: 'finished-when',
  finishedOrders: 'finished-orders',
  finishedResult: 'finished-result',
  finishedVp: 'finished-vp',
  finishedVerdict: 'finished-verdict',
  finishedMissions: 'finished-missions',
  finishedFingerprint: 'finished-fingerprint',
  finishedTakeBacks: 'finished-take-backs',
  finishedRecord: 'finished-record',
  finishedRecordError: 'finished-record-error',
  // components/FinishedGames.svelte
  finishedGames: 'finished-games',
  finishedClose: 'finished-close',
  finishedError: 'finished-error',
  finishedEmpty: 'finished-empty',
  finishedTotal: 'finished-total',
  finishedSummary: 'finished-summary',
  finishedList: 'finished-list',
  finishedUnreadable: 'finished-unreadable',
  careerOpen: 'career-open',
  // components/Fleet.svelte
  /** @param {string} ship a ship's id (`goeben`) */
  openDisplay: (ship) => `open-display-${ship}`,
  /** @param {string} ship */
  cargo: (ship) => `cargo-${ship}`,
  // components/GameLog.svelte
  gameLog: 'game-log',
  // components/GameOverCard.svelte
  gameOver: 'game-over',
  /** the game's result in one word (Won / Lost), and its VP against the Orders' target. */
  gameOverResult: 'game-over-result',
  gameOverVp: 'game-over-vp',
  /** A lost game's Orders conditions, each held or not at the end. */
  gameOverConditions: 'game-over-conditions',
  campaignResults: 'campaign-results',
  campaignVerdict: 'campaign-verdict',
  takeBacks: 'take-backs',
  reviewOpen: 'review-open',
  reviewError: 'review-error',
  finishedOpenOver: 'finished-open-over',
  // components/Header.svelte
  turn: 'turn',
  vp: 'vp',
  optionalRules: 'optional-rules',
  fingerprint: 'fingerprint',
  commitment: 'commitment',
  phase: 'phase',
  // components/LuckChart.svelte
  plotLuck: 'plot-luck',
  /** Under the luck chart: the player's own dice counted apart (house rule "I roll the dice"). */
  luckYours: 'luck-yours',
  luckBattle: 'luck-battle',
  // components/MoveShip.svelte
  /** The destination picker of a ship's move. @param {string} ship */
  moveTo: (ship) => `move-to-${ship}`,
  /** A speed chip of a ship's move, by `ship-speed` (`goeben-cruise`). @param {string} value */
  moveSpeed: (value) => `move-speed-${value}`,
  /** @param {string} ship */
  move: (ship) => `move-${ship}`,
  /** @param {string} ship */
  stay: (ship) => `stay-${ship}`,
  // components/NewGame.svelte
  optionCupOnly: 'option-cup-only',
  optionNight: 'option-night',
  optionDeployment: 'option-deployment',
  optionFleet: 'option-fleet',
  optionOrders: 'option-orders',
  optionAustroHungarian: 'option-austro-hungarian',
  optionSeaplanes: 'option-seaplanes',
  optionMines: 'option-mines',
  optionCampaign: 'option-campaign',
  optionRoles: 'option-roles',
  optionTakeBacks: 'option-take-backs',
  /** House rule "I roll the dice" at new game. */
  optionPlayerDice: 'option-player-dice',
  /**
   * A house rule at new game that switches the reading of an ambiguous rule (by its `GameOptions` field).
   * @param {string} toggle
   */
  optionReading: (toggle) => `option-reading-${toggle.replaceAll('_', '-')}`,
  /** The Charts screen's list of readings a house rule at new game switches. */
  chartReadings: 'chart-readings',
  seedInput: 'seed-input',
  newGameButton: 'new-game-button',
  // components/RecordExport.svelte
  recordExport: 'record-export',
  recordButton: 'record-button',
  recordCopy: 'record-copy',
  recordDownload: 'record-download',
  recordMessage: 'record-message',
  recordError: 'record-error',
  recordText: 'record-text',
  // components/RevealPanel.svelte
  reveal: 'reveal',
  revealSeed: 'reveal-seed',
  revealSalt: 'reveal-salt',
  revealCommitted: 'reveal-committed',
  revealCheck: 'reveal-check',
  revealCommitment: 'reveal-commitment',
  // components/Review.svelte
  review: 'review',
  reviewClose: 'review-close',
  reviewOrders: 'review-orders',
  reviewResult: 'review-result',
  reviewFingerprint: 'review-fingerprint',
  reviewPrev: 'review-prev',
  reviewTurn: 'review-turn',
  reviewNext: 'review-next',
  reviewLines: 'review-lines',
  /** A chart's target line (the Orders' VP). @param {string} plot */
  plotTarget: (plot) => `${plot}-target`,
  plotVp: 'plot-vp',
  plotAlert: 'plot-alert',
  /** A setup stack in the review, by its place. @param {string} place */
  setupStack: (place) => `setup-${place}`,
  // components/RuleRef.svelte
  rulePanel: 'rule-panel',
  // components/Saves.svelte
  saves: 'saves',
  savesClose: 'saves-close',
  savesMessage: 'saves-message',
  savesError: 'saves-error',
  saveName: 'save-name',
  saveButton: 'save-button',
  replaceConfirm: 'replace-confirm',
  replaceButton: 'replace-button',
  noSaves: 'no-saves',
  slotList: 'slot-list',
  slotName: 'slot-name',
  slotUnreadable: 'slot-unreadable',
  slotSummary: 'slot-summary',
  deleteConfirm: 'delete-confirm',
  loadButton: 'load-button',
  deleteButton: 'delete-button',
  exportSave: 'export-save',
  saveDownload: 'save-download',
  copySave: 'copy-save',
  exportWarning: 'export-warning',
  importFile: 'import-file',
  pasteSave: 'paste-save',
  importButton: 'import-button',
  /** A slot's row, by the slot's id. @param {string} id */
  slot: (id) => `slot-${id}`,
  // components/SecretStacks.svelte
  poolCount: 'pool-count',
  /** A patrol zone's stack. @param {string} zone */
  stack: (zone) => `stack-${zone}`,
  /** @param {string} port */
  port: (port) => `port-${port}`,
  /** What a port's stack has revealed. @param {string} port */
  portRevealed: (port) => `revealed-${port}`,
  // components/ShipDisplay.svelte
  confirmTrack: 'confirm-track',
  /** @param {string} ship */
  display: (ship) => `display-${ship}`,
  /** The Edit switch that shows a ship display's − and +. @param {string} ship */
  editTracks: (ship) => `edit-tracks-${ship}`,
  /** @param {string} ship @param {string} track (`coal`, `hull`…) */
  less: (ship, track) => `less-${ship}-${track}`,
  /** @param {string} ship @param {string} track */
  more: (ship, track) => `more-${ship}-${track}`,
  // components/ThemeToggle.svelte
  themeToggle: 'theme-toggle',
  keepAwakeToggle: 'keep-awake-toggle',
  // components/tools/Calculators.svelte
  calculators: 'calculators',
  calcFireAdd: 'calc-fire-add',
  calcFireGo: 'calc-fire-go',
  calcContactA: 'calc-contact-a',
  calcContactB: 'calc-contact-b',
  calcContactGo: 'calc-contact-go',
  calcMoveSpeed: 'calc-move-speed',
  calcMoveTurn: 'calc-move-turn',
  calcMoveWeather: 'calc-move-weather',
  calcMoveGo: 'calc-move-go',
  calcFuelGo: 'calc-fuel-go',
  calcVpShip: 'calc-vp-ship',
  calcVpGo: 'calc-vp-go',
  calcHullBoxes: 'calc-hull-boxes',
  calcHullGo: 'calc-hull-go',
  calcMinesFields: 'calc-mines-fields',
  calcMinesGo: 'calc-mines-go',
  /** The strength of ship `i` (from 0) in combined fire. @param {number} i */
  calcFire: (i) => `calc-fire-${i}`,
  /** A segment (Choice): 0…3. @param {string | number} zones */
  calcFuelZones: (zones) => `calc-fuel-zones-${zones}`,
  /** A segment: `adrift` | `crippled`. @param {string | number} rule */
  calcVpRule: (rule) => `calc-vp-rule-${rule}`,
  /** A segment: `capital` | `other`. @param {string | number} hull */
  calcHullClass: (hull) => `calc-hull-class-${hull}`,
  /** A calculator's answer, by form: `fire` | `contact` | `move` | `fuel` | `vp` | `hull` | `mines`. @param {string} form */
  calcResult: (form) => `calc-result-${form}`,
  /** The answer's number. @param {string} form */
  calcValue: (form) => `calc-value-${form}`,
  /** The answer in words (mines). @param {string} form */
  calcText: (form) => `calc-text-${form}`,
  /** @param {string} form */
  calcSource: (form) => `calc-source-${form}`,
  // components/tools/DieFace.svelte
  /** A die drawn as its face; its `data-value` is the number. */
  dieFace: 'die-face',
  // components/tools/FleetCharts.svelte
  fleets: 'fleets',
  fleetNotice: 'fleet-notice',
  d10Result: 'd10-result',
  d10Revealed: 'd10-revealed',
  fleetShip: 'fleet-ship',
  fleetBox: 'fleet-box',
  fleetToBox: 'fleet-to-box',
  fleetAssign: 'fleet-assign',
  fleetTransfer: 'fleet-transfer',
  fleetRemove: 'fleet-remove',
  fleetOnMap: 'fleet-on-map',
  fleetMarker: 'fleet-marker',
  fleetDone: 'fleet-done',
  d10Procedure: 'd10-procedure',
  /** A player's Fleet Chart as both players see it. @param {string} owner `a` | `b` */
  fleetPublic: (owner) => `fleet-public-${owner}`,
  /** @param {string} owner @param {number} box */
  publicBox: (owner, box) => `public-box-${owner}-${box}`,
  /** @param {string} owner @param {string} side `allied` | `german` */
  fleetOpen: (owner, side) => `fleet-open-${owner}-${side}`,
  /** @param {string} player */
  fleetEdit: (player) => `fleet-edit-${player}`,
  /** @param {string} player */
  fleetEditor: (player) => `fleet-editor-${player}`,
  /** @param {string} player */
  fleetRevealBox: (player) => `fleet-reveal-box-${player}`,
  /** @param {string} player */
  fleetReveal: (player) => `fleet-reveal-${player}`,
  /** @param {string} player */
  d10Box: (player) => `d10-box-${player}`,
  /** @param {string} player */
  d10Roll: (player) => `d10-roll-${player}`,
  // components/tools/PlayerSecrets.svelte
  ownUnit: 'own-unit',
  /** The hold-to-peek button. @param {string} player `a` | `b` */
  peek: (player) => `peek-${player}`,
  /** the PIN a player types before holding Peek (once they set one). @param {string} player */
  peekPin: (player) => `peek-pin-${player}`,
  /** Opens the small form that sets a player's PIN. @param {string} player */
  setPin: (player) => `set-pin-${player}`,
  /** The new PIN's field. @param {string} player */
  newPin: (player) => `new-pin-${player}`,
  /** Saves the new PIN. @param {string} player */
  savePin: (player) => `save-pin-${player}`,
  /** A player's secrets, shown while Peek is held. @param {string} player */
  secrets: (player) => `secrets-${player}`,
  /** @param {string} player */
  noSecrets: (player) => `no-secrets-${player}`,
  /** @param {number} chit */
  ownChit: (chit) => `own-chit-${chit}`,
  /** @param {string} player */
  ownFleet: (player) => `own-fleet-${player}`,
  /** @param {number} box */
  ownBox: (box) => `own-box-${box}`,
  /** @param {string} player */
  ownUnits: (player) => `own-units-${player}`,
  // components/tools/Procedures.svelte
  procedures: 'procedures',
  procRepairGo: 'proc-repair-go',
  procShoreGo: 'proc-shore-go',
  procDcBoxes: 'proc-dc-boxes',
  procDcGo: 'proc-dc-go',
  procApHighest: 'proc-ap-highest',
  procApNeeded: 'proc-ap-needed',
  procApGo: 'proc-ap-go',
  procDisSighting: 'proc-dis-sighting',
  procDisRange: 'proc-dis-range',
  procDisGo: 'proc-dis-go',
  procSubGo: 'proc-sub-go',
  procAswEscorts: 'proc-asw-escorts',
  procAswGo: 'proc-asw-go',
  procSvsGo: 'proc-svs-go',
  procSweepGo: 'proc-sweep-go',
  /** A segment: `a` | `b`. @param {string | number} player */
  procPlayer: (player) => `proc-player-${player}`,
  /** A segment: `major` | `minor`. @param {string | number} port */
  procRepairPort: (port) => `proc-repair-port-${port}`,
  /** A segment: `day` | `night`. @param {string | number} time */
  procDisTime: (time) => `proc-dis-time-${time}`,
  /** A segment: `no` | `yes`. @param {string | number} answer */
  procDisFaster: (answer) => `proc-dis-faster-${answer}`,
  /** A segment: `no` | `yes`. @param {string | number} answer */
  procSubMoved: (answer) => `proc-sub-moved-${answer}`,
  /** A segment: `1918` | `before`. @param {string | number} era */
  procAswEra: (era) => `proc-asw-era-${era}`,
  /** A roll's result, by form: `repair` | `shore` | `dc` | `ap` | `dis` | `sub` | `asw` | `svs` | `sweep`. @param {string} form */
  procResult: (form) => `proc-result-${form}`,
  /** @param {string} form */
  procDice: (form) => `proc-dice-${form}`,
  /** Only with a modifier. @param {string} form */
  procModified: (form) => `proc-modified-${form}`,
  /** @param {string} form */
  procOutcome: (form) => `proc-outcome-${form}`,
  /** @param {string} form */
  procSource: (form) => `proc-source-${form}`,
  // components/tools/RandomEvents.svelte
  events: 'events',
  eventRoll: 'event-roll',
  eventResult: 'event-result',
  eventDice: 'event-dice',
  eventName: 'event-name',
  eventApplies: 'event-applies',
  eventSource: 'event-source',
  /** A segment: `a` | `b`. @param {string | number} player */
  eventPlayer: (player) => `event-player-${player}`,
  /** A segment: `tactical` | `strategic`. @param {string | number} table */
  eventTable: (table) => `event-table-${table}`,
  // components/tools/SdrCharts.svelte
  /** The Victory & What-If charts tool (not `charts`: that is the game's Charts card). */
  sdrCharts: 'sdr-charts',
  vcResult: 'vc-result',
  vcUnreadable: 'vc-unreadable',
  wiResult: 'wi-result',
  wiDisclosure: 'wi-disclosure',
  /** A segment: the side. @param {string | number} side */
  vcSide: (side) => `vc-side-${side}`,
  /** @param {number} sdr 1…6 */
  vcSdr: (sdr) => `vc-sdr-${sdr}`,
  /** A segment: the fleet. @param {string | number} fleet */
  wiFleet: (fleet) => `wi-fleet-${fleet}`,
  /** @param {number} sdr 1…7 */
  wiSdr: (sdr) => `wi-sdr-${sdr}`,
  // components/tools/Search.svelte
  search: 'search',
  searchStatus: 'search-status',
  searchPending: 'search-pending',
  pendingAdmit: 'pending-admit',
  pendingHide: 'pending-hide',
  searchNotice: 'search-notice',
  searchStep: 'search-step',
  searchIslandSquares: 'search-island-squares',
  searchNameIslands: 'search-name-islands',
  searchStartTurn: 'search-start-turn',
  searchUnit: 'search-unit',
  searchSea: 'search-sea',
  searchArea: 'search-area',
  searchSquare: 'search-square',
  searchPort: 'search-port',
  searchCoast: 'search-coast',
  searchPlace: 'search-place',
  searchMove: 'search-move',
  searchRemove: 'search-remove',
  searchDone: 'search-done',
  spotSquare: 'spot-square',
  spotUnits: 'spot-units',
  /** Adds the unit typed in a spotting report as a chip. */
  spotAdd: 'spot-add',
  spotChips: 'spot-chips',
  /** A unit's chip in a spotting report (tap to pick or drop). @param {string} unit */
  spotChip: (unit) => `spot-chip-${unit}`,
  spotEnded: 'spot-ended',
  spotReport: 'spot-report',
  callName: 'call-name',
  callGo: 'call-go',
  callResult: 'call-result',
  callAnswer: 'call-answer',
  searchLog: 'search-log',
  /** A segment: `a` | `b`. @param {string | number} player */
  searchBritish: (player) => `search-british-${player}`,
  /** @param {string} player */
  searchEdit: (player) => `search-edit-${player}`,
  /** @param {string} player */
  sdrBritish: (player) => `sdr-british-${player}`,
  /** @param {string} player */
  searchEndStep: (player) => `search-end-step-${player}`,
  /** @param {string} player */
  searchEditor: (player) => `search-editor-${player}`,
  /** A segment: `a` | `b`. @param {string | number} player */
  spotPlayer: (player) => `spot-player-${player}`,
  /** A segment: `a` | `b`. @param {string | number} player */
  callPlayer: (player) => `call-player-${player}`,
  /** A segment: `sea` | `area` | `square`. @param {string | number} level */
  callLevel: (level) => `call-level-${level}`,
  // components/tools/SecretDieRoll.svelte
  sdr: 'sdr',
  sdrBag: 'sdr-bag',
  sdrLabel: 'sdr-label',
  sdrPurpose: 'sdr-purpose',
  sdrSides: 'sdr-sides',
  sdrChooseSides: 'sdr-choose-sides',
  sdrDrawA: 'sdr-draw-a',
  sdrDrawB: 'sdr-draw-b',
  sdrNotice: 'sdr-notice',
  sdrNoneDown: 'sdr-none-down',
  sdrFaceDown: 'sdr-face-down',
  sdrRevealed: 'sdr-revealed',
  verifyCommitment: 'verify-commitment',
  verifyValue: 'verify-value',
  verifySalt: 'verify-salt',
  verifyButton: 'verify-button',
  verifyResult: 'verify-result',
  sdrLog: 'sdr-log',
  /** A chit (face down or revealed), by its number. @param {number} chit */
  chit: (chit) => `chit-${chit}`,
  /** @param {number} chit */
  chitCommitment: (chit) => `commitment-${chit}`,
  /** @param {number} chit */
  revealChit: (chit) => `reveal-${chit}`,
  /** @param {number} chit */
  revealConfirm: (chit) => `reveal-confirm-${chit}`,
  /** @param {number} chit */
  verified: (chit) => `verified-${chit}`,
  /** @param {number} chit */
  salt: (chit) => `salt-${chit}`,
  /** @param {number} chit */
  recheck: (chit) => `recheck-${chit}`,
  /** @param {number} chit */
  recheckResult: (chit) => `recheck-result-${chit}`,
  /** Put back in the bag. @param {number} chit */
  returnChit: (chit) => `return-${chit}`,
  // components/tools/TableMode.svelte
  /** The Table mode card on the tools screen. */
  tableMode: 'table-mode',
  // Table mode's guest page (ui/src/guest/).
  guestSeat: 'guest-seat',
  guestLink: 'guest-link',
  guestNoCode: 'guest-no-code',
  /** Where the page has no seat code: the code typed from the host's screen. */
  guestCodeInput: 'guest-code-input',
  guestCodeGo: 'guest-code-go',
  /** The screen kept on without a wake lock (guest/Awake.svelte): the silent video and the note said once. */
  guestAwakeVideo: 'guest-awake-video',
  guestAwakeNote: 'guest-awake-note',
  guestGame: 'guest-game',
  guestWaiting: 'guest-waiting',
  /** The address to listen on (a select of the device's addresses). */
  tableModeAddress: 'table-mode-address',
  /** Adds the table display's seat. */
  tableModeDisplay: 'table-mode-display',
  /** What the table plays, one radio per choice: `tools` | `task_force_officers` | `ship_commanders`. @param {string} plays */
  tableModePlays: (plays) => `table-mode-plays-${plays}`,
  /** What the open table plays. */
  tableModePlaying: 'table-mode-playing',
  /** Start a fresh table… (asks first). */
  tableModeForget: 'table-mode-forget',
  /** Discards the kept table, for good. */
  tableModeForgetConfirm: 'table-mode-forget-confirm',
  tableModeForgetCancel: 'table-mode-forget-cancel',
  /** Said once the kept table was discarded. */
  tableModeForgotten: 'table-mode-forgotten',
  tableModeOpen: 'table-mode-open',
  tableModeClose: 'table-mode-close',
  /** The shell's offer about the app's running game: "Open this game to the table" (or bring it back). */
  tableModeRunning: 'table-mode-running',
  /** What the offer does, in the shell's words. */
  tableModeRunningExplain: 'table-mode-running-explain',
  /** While the table plays the app's own game: what that means for this screen (the shell's words). */
  tableModeAppGame: 'table-mode-app-game',
  /** Where the open table listens. */
  /** Table mode open on a loopback address: no other phone can join. */
  tableModeThisDeviceOnly: 'table-mode-this-device-only',
  tableModeListen: 'table-mode-listen',
  /** One seat's card: `A` | `B` | `display`. @param {string} seat */
  tableModeSeat: (seat) => `table-mode-seat-${seat}`,
  /** @param {string} seat */
  tableModeUrl: (seat) => `table-mode-url-${seat}`,
  /** The seat's join QR code (an image). @param {string} seat */
  tableModeQr: (seat) => `table-mode-qr-${seat}`,
  /** Connected or not. @param {string} seat */
  tableModeConnected: (seat) => `table-mode-connected-${seat}`,
  /** A new code for the seat. @param {string} seat */
  tableModeReissue: (seat) => `table-mode-reissue-${seat}`,
  // components/tools/TableTools.svelte
  toolsScreen: 'tools-screen',
  /** From a tool back to the picker. */
  toolsBack: 'tools-back',
  /** From the picker back to the start screen. */
  toolsClose: 'tools-close',
  toolsPicker: 'tools-picker',
  /** A tool in the picker: `sdr` | `charts` | `fleets` | `search` | `events` | `calculators` | `procedures`. @param {string} tool */
  tool: (tool) => `tool-${tool}`,
  // components/tools/ToolAlert.svelte
  /** An alert: a refusal or an IPC failure. */
  toolsError: 'tools-error',
});

/** The CSS selector of a test id: `[data-testid="…"]`. @param {string} id */
export const selector = (id) => `[data-testid="${id}"]`;
