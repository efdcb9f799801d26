import * as v from 'valibot'

/*
 * Ids as the API reads them, one rule wherever an id arrives (a path, a query, a JSON body, a multipart
 * field): a whole number from 1 to 2,147,483,647 written plainly (no sign, no leading zero, no
 * exponent, no fraction). Every id column is a 32-bit integer on PostgreSQL (`serial`): a larger
 * number names no row, and sent to PostgreSQL it failed the query ('out of range for type integer', a
 * 500) where SQLite quietly found nothing. '01' is refused too, so each row has one address.
 */

/** Largest id a 32-bit integer column holds (PostgreSQL `serial`); larger ids cannot exist. */
export const MAX_ID = 2_147_483_647

const ID_TEXT = /^[1-9]\d{0,9}$/

/** The id written in `text`, or undefined when `text` is no id that can exist. */
export function parseId(text: string | null | undefined): number | undefined {
  if (!text || !ID_TEXT.test(text)) return undefined
  const id = Number(text)
  return id <= MAX_ID ? id : undefined
}

/** An id sent as a JSON number: 1..MAX_ID and whole (1e308, -1 and 1.5 get `message`). */
export const idNumber = (message: string) =>
  v.pipe(v.number(message), v.integer(message), v.minValue(1, message), v.maxValue(MAX_ID, message))
