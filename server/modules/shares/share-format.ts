/* Times and sizes as the client reads them, in Indonesian (days and periods: src/contracts/days.ts). */

/** An instant in the firm's zone, from the firm's clock. */
export { formatMoment } from '../../base/firm-clock'
