// Generated from the table tools' D10 procedures by crates/table-tools/tests/typescript_bindings.rs: do not edit.
import type { D10Procedure } from './D10Procedure';

/** The D10 procedures in the card's order: name and rule, rolled for a fleet box, what success and failure mean. */
export const PROCEDURES: readonly { value: D10Procedure; label: string; withShips: boolean; success: string; failure: string }[] = [
  { value: "locate_at_sea", label: "Locate at sea (10.5.3)", withShips: true, success: "Success", failure: "Failure" },
  { value: "locate_in_island_hex", label: "Locate in an island hex (10.5.3)", withShips: true, success: "Success", failure: "Failure" },
  { value: "caught_at_anchor", label: "In port: caught at anchor? (10.5.3)", withShips: true, success: "Caught at anchor: they may not fire in round one", failure: "Not caught at anchor" },
  { value: "merchant_attack_reveal", label: "Merchant attack: revealed? (7.2)", withShips: true, success: "Success", failure: "Failure" },
  { value: "merchant_fate", label: "Merchant's fate (7.2)", withShips: true, success: "Success", failure: "Failure" },
  { value: "coaling_raid", label: "Coaling raid (8.4)", withShips: true, success: "Success", failure: "Failure" },
  { value: "collier_destroyed", label: "Collier destroyed (8.7)", withShips: true, success: "Success", failure: "Failure" },
  { value: "occupation", label: "Occupation (10.1)", withShips: false, success: "Success", failure: "Failure" },
  { value: "bombardment", label: "Bombardment (10.2)", withShips: true, success: "Success", failure: "Failure" },
  { value: "wireless_station", label: "Wireless station (10.4)", withShips: true, success: "Success", failure: "Failure" },
];
