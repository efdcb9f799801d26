// The wording is shared with the server's riwayat.csv, so it lives in the contracts.
export { detailLines, entryDetailLines } from '../../contracts/history-detail'
