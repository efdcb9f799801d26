// The package's ES module build: its main file is CommonJS, which would need the bundler's interop code in
// every chunk that loads it.
import dayjs from 'dayjs/esm'
import 'dayjs/esm/locale/id'

// Indonesian locale; its weekStart is 1, so weeks start on Monday (SPEC section 9). The first screens print
// their dates through ./format without dayjs (decision 0061); only the screens that import this load it.
dayjs.locale('id')

export { dayjs }
