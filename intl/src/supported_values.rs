//! `Intl.supportedValuesOf(key)`: the calendars, collations, currencies, numbering systems,
//! time zones and units a toolkit may ask about. Missing from the engine (Node 20 has it).
//!
//! Time zones come from ICU4X's compiled IANA data (the one the date formatter uses). The other
//! lists are Node 20's (ICU 7x), copied so that a toolkit choosing among them sees the same
//! values; `docs/intl.md` says which of them this host formats.

use crate::IntlError;
use icu_time::zone::iana::IanaParserExtended;

// node -e 'console.log(Intl.supportedValuesOf("calendar").join(" "))' (and the same per key)
const CALENDARS: &str = "buddhist chinese coptic dangi ethioaa ethiopic gregory hebrew indian islamic \
    islamic-civil islamic-rgsa islamic-tbla islamic-umalqura iso8601 japanese persian roc";
const COLLATIONS: &str = "compat dict emoji eor phonebk phonetic pinyin searchjl stroke trad unihan zhuyin";
const CURRENCIES: &str = "AED AFN ALL AMD ANG AOA ARS AUD AWG AZN BAM BBD BDT BGN BHD BIF BMD BND BOB BRL BSD \
    BTN BWP BYN BZD CAD CDF CHF CLP CNY COP CRC CUC CUP CVE CZK DJF DKK DOP DZD EGP ERN ETB EUR FJD FKP GBP GEL \
    GHS GIP GMD GNF GTQ GYD HKD HNL HRK HTG HUF IDR ILS INR IQD IRR ISK JMD JOD JPY KES KGS KHR KMF KPW KRW KWD \
    KYD KZT LAK LBP LKR LRD LSL LYD MAD MDL MGA MKD MMK MNT MOP MRU MUR MVR MWK MXN MYR MZN NAD NGN NIO NOK NPR \
    NZD OMR PAB PEN PGK PHP PKR PLN PYG QAR RON RSD RUB RWF SAR SBD SCR SDG SEK SGD SHP SLE SLL SOS SRD SSP STN \
    SVC SYP SZL THB TJS TMT TND TOP TRY TTD TWD TZS UAH UGX USD UYU UZS VES VND VUV WST XAF XCD XCG XDR XOF XPF \
    XSU YER ZAR ZMW ZWG ZWL";
const NUMBERING_SYSTEMS: &str = "adlm ahom arab arabext bali beng bhks brah cakm cham deva diak fullwide gara \
    gong gonm gujr gukh guru hanidec hmng hmnp java kali kawi khmr knda krai lana lanatham laoo latn lepc limb \
    mathbold mathdbl mathmono mathsanb mathsans mlym modi mong mroo mtei mymr mymrepka mymrpao mymrshan mymrtlng \
    nagm newa nkoo olck onao orya osma outlined rohg saur segment shrd sind sinh sora sund sunu takr talu \
    tamldec telu thai tibt tirh tnsa tols vaii wara wcho";
// The zones ICU4X names by IANA's current name and Node 20 (ICU) by CLDR's older one:
// the 19 names by which the two 418-zone lists differ.
const NODE_ZONE_NAMES: [(&str, &str); 19] = [
    ("Africa/Asmara", "Africa/Asmera"),
    ("America/Argentina/Buenos_Aires", "America/Buenos_Aires"),
    ("America/Argentina/Catamarca", "America/Catamarca"),
    ("America/Argentina/Cordoba", "America/Cordoba"),
    ("America/Argentina/Jujuy", "America/Jujuy"),
    ("America/Argentina/Mendoza", "America/Mendoza"),
    ("America/Atikokan", "America/Coral_Harbour"),
    ("America/Indiana/Indianapolis", "America/Indianapolis"),
    ("America/Kentucky/Louisville", "America/Louisville"),
    ("America/Nuuk", "America/Godthab"),
    ("Asia/Ho_Chi_Minh", "Asia/Saigon"),
    ("Asia/Kathmandu", "Asia/Katmandu"),
    ("Asia/Kolkata", "Asia/Calcutta"),
    ("Asia/Yangon", "Asia/Rangoon"),
    ("Atlantic/Faroe", "Atlantic/Faeroe"),
    ("Europe/Kyiv", "Europe/Kiev"),
    ("Pacific/Chuuk", "Pacific/Truk"),
    ("Pacific/Kanton", "Pacific/Enderbury"),
    ("Pacific/Pohnpei", "Pacific/Ponape"),
];

// ECMA-402's sanctioned single units (the same list in every implementation).
const UNITS: &str = "acre bit byte celsius centimeter day degree fahrenheit fluid-ounce foot gallon gigabit \
    gigabyte gram hectare hour inch kilobit kilobyte kilogram kilometer liter megabit megabyte meter microsecond \
    mile mile-scandinavian milliliter millimeter millisecond minute month nanosecond ounce percent petabyte pound \
    second stone terabit terabyte week yard year";

/// The values of `key` (`calendar`, `collation`, `currency`, `numberingSystem`, `timeZone`,
/// `unit`), sorted.
///
/// The name Node 20 gives the zone ICU4X calls `canonical` (its IANA name): CLDR's older one where
/// the two differ (`Asia/Kolkata` → `Asia/Calcutta`).
/// Whether `name` is a calendar Node 20 lists (`Intl.supportedValuesOf("calendar")`).
pub(crate) fn is_calendar(name: &str) -> bool {
    CALENDARS.split_ascii_whitespace().any(|c| c == name)
}

/// Whether `name` is a numbering system Node 20 lists (`Intl.supportedValuesOf("numberingSystem")`).
pub(crate) fn is_numbering_system(name: &str) -> bool {
    NUMBERING_SYSTEMS.split_ascii_whitespace().any(|n| n == name)
}

pub(crate) fn node_zone_name(canonical: &str) -> &str {
    NODE_ZONE_NAMES.iter().find(|(icu, _)| *icu == canonical).map_or(canonical, |(_, node)| node)
}

/// Time zones are one name for each zone CLDR knows, without the `Etc/` and `UTC`-style ones
/// (Node lists only zones of a place), named as Node 20 names them: CLDR's older names
/// (`Asia/Calcutta`, `Europe/Kiev`) where ICU4X has IANA's current ones.
///
/// Errors: [`IntlError::Range`] `Invalid key : x` (Node's message) for any other key.
pub fn supported_values_of(key: &str) -> Result<Vec<String>, IntlError> {
    let words = |s: &str| s.split_whitespace().map(str::to_owned).collect::<Vec<_>>();
    Ok(match key {
        "calendar" => words(CALENDARS),
        "collation" => words(COLLATIONS),
        "currency" => words(CURRENCIES),
        "numberingSystem" => words(NUMBERING_SYSTEMS),
        "unit" => words(UNITS),
        "timeZone" => {
            let mut zones: Vec<String> = IanaParserExtended::new()
                .iter()
                .map(|z| z.canonical)
                .filter(|name| name.contains('/') && !name.starts_with("Etc/"))
                .map(node_zone_name)
                .map(str::to_owned)
                .collect();
            zones.sort_unstable();
            zones.dedup();
            zones
        }
        _ => return Err(IntlError::Range(format!("Invalid key : {key}"))),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    // node -e 'for (const k of ["calendar","collation","currency","numberingSystem","timeZone","unit"])
    //   console.log(k, Intl.supportedValuesOf(k).length)'
    #[test]
    fn lists_match_node() {
        let count = |k| supported_values_of(k).unwrap().len();
        assert_eq!(
            [count("calendar"), count("collation"), count("currency"), count("numberingSystem"), count("unit")],
            [18, 12, 162, 78, 45]
        );
        let zones = supported_values_of("timeZone").unwrap();
        for zone in ["America/New_York", "Europe/Berlin", "Africa/Abidjan", "Pacific/Honolulu", "Australia/Sydney"] {
            assert!(zones.iter().any(|z| z == zone), "{zone}");
        }
        assert!(!zones.iter().any(|z| z.starts_with("Etc/") || z == "UTC"));
        let mut sorted = zones.clone();
        sorted.sort();
        assert_eq!(zones, sorted);
        assert_eq!(zones.len(), 418);
        // node -e 'const z=Intl.supportedValuesOf("timeZone"); console.log(z[0], z[417], z.includes("Asia/Calcutta"))'
        assert_eq!((zones[0].as_str(), zones[417].as_str()), ("Africa/Abidjan", "Pacific/Wallis"));
        for (icu, node) in NODE_ZONE_NAMES {
            assert!(zones.iter().any(|z| z == node) && !zones.iter().any(|z| z == icu), "{icu} -> {node}");
        }
    }

    // node -e 'try{Intl.supportedValuesOf("x")}catch(e){console.log(String(e))}'
    #[test]
    fn a_bad_key_is_a_range_error_with_nodes_message() {
        assert_eq!(supported_values_of("x").unwrap_err(), IntlError::Range("Invalid key : x".into()));
        assert_eq!(supported_values_of("undefined").unwrap_err(), IntlError::Range("Invalid key : undefined".into()));
    }
}
