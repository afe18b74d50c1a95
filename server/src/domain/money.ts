/**
 * Amounts of money as a currency writes them. Most currencies have cents (2 decimals), some none
 * (JPY, KRW: "2500 JPY", never "2500.00 JPY"), some three (KWD, BHD); Intl knows each one's (ISO 4217).
 */

/** How many decimals the currency's amounts have: 2 when Intl does not know it. */
export function currencyDecimals(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** An amount as plain text with its currency's code, where no language's formatting applies (a calendar feed's description): "22.50 AUD", "2500 JPY". */
export function plainPrice(amount: number, currency: string): string {
  return `${amount.toFixed(currencyDecimals(currency))} ${currency}`;
}

/** How many decimals an amount is written with (up to 4: enough to tell what is too many). */
export function decimalPlaces(amount: number): number {
  for (let places = 0; places < 4; places++) {
    const scaled = amount * 10 ** places;
    if (Math.abs(Math.round(scaled) - scaled) < 1e-6) return places;
  }
  return 4;
}
