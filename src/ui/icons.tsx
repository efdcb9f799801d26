import {
  ArrowLeft,
  ArrowRight,
  Bell,
  Calendar,
  Camera,
  Check,
  ChevronDown,
  ChevronLeft,
  ChevronRight,
  CircleAlert,
  CircleCheckBig,
  CircleQuestionMark,
  CircleUser,
  CircleX,
  Clock,
  CloudDownload,
  CloudUpload,
  Download,
  EllipsisVertical,
  Eye,
  EyeOff,
  File,
  FileCheck,
  FileClock,
  FileQuestionMark,
  FileSpreadsheet,
  Files,
  Folder,
  FolderKanban,
  FolderOpen,
  FolderPlus,
  HardDrive,
  HardHat,
  Heart,
  History,
  House,
  type IconNode,
  Image,
  ImagePlus,
  Images,
  Info,
  Key,
  LayoutGrid,
  ListChecks,
  ListFilter,
  LoaderCircle,
  Lock,
  LogOut,
  Mail,
  MapPin,
  Menu,
  MessageSquare,
  Pencil,
  PencilRuler,
  Phone,
  Plus,
  QrCode,
  RefreshCw,
  RotateCcw,
  Save,
  SearchX,
  Send,
  ShieldAlert,
  ShieldCheck,
  Smartphone,
  Trash,
  TriangleAlert,
  Upload,
  UserPlus,
  Users,
  WifiOff,
  X,
} from 'lucide'
import { createElement, type SVGProps } from 'react'

/*
 * The app's icons are lucide's (the `lucide` package: each icon is plain data, its elements and their
 * attributes), drawn by the one small component below under the names the app has always used. Why
 * not lucide-react: decision 0061.
 */

export type IconProps = SVGProps<SVGSVGElement> & { size?: number | string }

/** A 24x24 stroked icon, 16 px unless given a size; decorative unless given an aria-label. */
function icon(node: IconNode) {
  return function Icon({ size = 16, ...props }: IconProps) {
    return (
      <svg
        xmlns="http://www.w3.org/2000/svg"
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={2}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden={props['aria-label'] ? undefined : true}
        {...props}
      >
        {node.map(([tag, attrs], i) => createElement(tag, { key: i, ...attrs }))}
      </svg>
    )
  }
}

export const IconAlertCircle = /* @__PURE__ */ icon(CircleAlert)
export const IconAlertTriangle = /* @__PURE__ */ icon(TriangleAlert)
export const IconArrowLeft = /* @__PURE__ */ icon(ArrowLeft)
export const IconArrowRight = /* @__PURE__ */ icon(ArrowRight)
export const IconBell = /* @__PURE__ */ icon(Bell)
export const IconCalendar = /* @__PURE__ */ icon(Calendar)
export const IconCamera = /* @__PURE__ */ icon(Camera)
export const IconCheck = /* @__PURE__ */ icon(Check)
export const IconCheckCircle = /* @__PURE__ */ icon(CircleCheckBig)
export const IconChevronDown = /* @__PURE__ */ icon(ChevronDown)
export const IconChevronLeft = /* @__PURE__ */ icon(ChevronLeft)
export const IconChevronRight = /* @__PURE__ */ icon(ChevronRight)
export const IconClock = /* @__PURE__ */ icon(Clock)
export const IconCloudDownload = /* @__PURE__ */ icon(CloudDownload)
export const IconCloudUpload = /* @__PURE__ */ icon(CloudUpload)
export const IconDownload = /* @__PURE__ */ icon(Download)
export const IconEye = /* @__PURE__ */ icon(Eye)
export const IconEyeOff = /* @__PURE__ */ icon(EyeOff)
export const IconFile = /* @__PURE__ */ icon(File)
export const IconFileCheck = /* @__PURE__ */ icon(FileCheck)
export const IconFileClock = /* @__PURE__ */ icon(FileClock)
export const IconFileQuestion = /* @__PURE__ */ icon(FileQuestionMark)
export const IconFileSpreadsheet = /* @__PURE__ */ icon(FileSpreadsheet)
export const IconFiles = /* @__PURE__ */ icon(Files)
export const IconFolder = /* @__PURE__ */ icon(Folder)
export const IconFolderKanban = /* @__PURE__ */ icon(FolderKanban)
export const IconFolderOpen = /* @__PURE__ */ icon(FolderOpen)
export const IconFolderPlus = /* @__PURE__ */ icon(FolderPlus)
export const IconHardDrive = /* @__PURE__ */ icon(HardDrive)
export const IconHardHat = /* @__PURE__ */ icon(HardHat)
export const IconHeart = /* @__PURE__ */ icon(Heart)
/** The same heart; kept as a name so no call site changes. */
export const IconHeartSmall = IconHeart
export const IconHelpCircle = /* @__PURE__ */ icon(CircleQuestionMark)
export const IconHistory = /* @__PURE__ */ icon(History)
export const IconHome = /* @__PURE__ */ icon(House)
export const IconImage = /* @__PURE__ */ icon(Image)
export const IconImagePlus = /* @__PURE__ */ icon(ImagePlus)
export const IconImages = /* @__PURE__ */ icon(Images)
export const IconInfo = /* @__PURE__ */ icon(Info)
export const IconKey = /* @__PURE__ */ icon(Key)
export const IconLayoutGrid = /* @__PURE__ */ icon(LayoutGrid)
export const IconListChecks = /* @__PURE__ */ icon(ListChecks)
export const IconListFilter = /* @__PURE__ */ icon(ListFilter)
export const IconLoader = /* @__PURE__ */ icon(LoaderCircle)
export const IconLock = /* @__PURE__ */ icon(Lock)
export const IconLogOut = /* @__PURE__ */ icon(LogOut)
export const IconMail = /* @__PURE__ */ icon(Mail)
export const IconMapPin = /* @__PURE__ */ icon(MapPin)
export const IconMenu = /* @__PURE__ */ icon(Menu)
export const IconMessageSquare = /* @__PURE__ */ icon(MessageSquare)
export const IconMoreVertical = /* @__PURE__ */ icon(EllipsisVertical)
export const IconPencil = /* @__PURE__ */ icon(Pencil)
export const IconPencilRuler = /* @__PURE__ */ icon(PencilRuler)
export const IconPhone = /* @__PURE__ */ icon(Phone)
export const IconPlus = /* @__PURE__ */ icon(Plus)
export const IconQrCode = /* @__PURE__ */ icon(QrCode)
export const IconRefresh = /* @__PURE__ */ icon(RefreshCw)
export const IconRotateCcw = /* @__PURE__ */ icon(RotateCcw)
export const IconSave = /* @__PURE__ */ icon(Save)
export const IconSearchX = /* @__PURE__ */ icon(SearchX)
export const IconSend = /* @__PURE__ */ icon(Send)
export const IconShieldAlert = /* @__PURE__ */ icon(ShieldAlert)
export const IconShieldCheck = /* @__PURE__ */ icon(ShieldCheck)
export const IconSmartphone = /* @__PURE__ */ icon(Smartphone)
export const IconTrash = /* @__PURE__ */ icon(Trash)
export const IconUpload = /* @__PURE__ */ icon(Upload)
export const IconUserPlus = /* @__PURE__ */ icon(UserPlus)
export const IconUserCircle = /* @__PURE__ */ icon(CircleUser)
export const IconUsers = /* @__PURE__ */ icon(Users)
export const IconWifiOff = /* @__PURE__ */ icon(WifiOff)
export const IconX = /* @__PURE__ */ icon(X)
export const IconXCircle = /* @__PURE__ */ icon(CircleX)

// Three drawings lucide does not have, in its style.

/** A tray with an arrow going up: things waiting to leave the phone. */
export const IconOutbox = /* @__PURE__ */ icon([
  ['path', { d: 'M22 12h-6l-2 3h-4l-2-3H2' }],
  ['path', { d: 'M5.45 5.11 2 12v6a2 2 0 0 0 2 2h16a2 2 0 0 0 2-2v-6l-3.45-6.89A2 2 0 0 0 16.76 4H16' }],
  ['path', { d: 'M12 2v9' }],
  ['path', { d: 'm8.5 5.5 3.5-3.5 3.5 3.5' }],
])

/** A phone with an arrow coming down into it: install the app. */
export const IconInstall = /* @__PURE__ */ icon([
  ['rect', { x: '6', y: '2', width: '12', height: '20', rx: '2' }],
  ['path', { d: 'M12 7v7' }],
  ['path', { d: 'm9 11 3 3 3-3' }],
  ['path', { d: 'M11 18h2' }],
])

/** A picture with a check: documentation photos approved. */
export const IconImageCheck = /* @__PURE__ */ icon([
  ['path', { d: 'M21 11V5a2 2 0 0 0-2-2H5a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h7' }],
  ['circle', { cx: '9', cy: '9', r: '2' }],
  ['path', { d: 'm21 15-3.086-3.086a2 2 0 0 0-2.828 0L6 21' }],
  ['path', { d: 'm16 19 2 2 4-4' }],
])
