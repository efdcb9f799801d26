/*
 * The signing page's only script (inline, allowed by its hash in the page's CSP): a canvas to draw the
 * signature on with a finger or a mouse, 'Hapus' to start again, and on 'Setuju' the drawing goes into
 * the form's hidden `signature` field as a PNG data URL. Without it the page still shows the day and a
 * return with a note still works (the server asks for a signature for 'Setuju').
 */
export const SIGN_JS = `(function(){
var c=document.getElementById('sig');var f=document.getElementById('signform');
if(!c||!f||!c.getContext)return;
document.getElementById('sigbox').classList.add('on');
var x=c.getContext('2d');x.lineWidth=3;x.lineCap='round';x.lineJoin='round';x.strokeStyle='#0f172a';
var drawing=false,drawn=false;
function at(e){var r=c.getBoundingClientRect();return[(e.clientX-r.left)*c.width/r.width,(e.clientY-r.top)*c.height/r.height];}
c.addEventListener('pointerdown',function(e){drawing=true;drawn=true;c.setPointerCapture(e.pointerId);var p=at(e);x.beginPath();x.moveTo(p[0],p[1]);x.lineTo(p[0]+0.1,p[1]+0.1);x.stroke();e.preventDefault();});
c.addEventListener('pointermove',function(e){if(!drawing)return;var p=at(e);x.lineTo(p[0],p[1]);x.stroke();e.preventDefault();});
function end(){drawing=false;}
c.addEventListener('pointerup',end);c.addEventListener('pointercancel',end);
document.getElementById('sigclear').addEventListener('click',function(){x.clearRect(0,0,c.width,c.height);drawn=false;});
f.addEventListener('submit',function(e){
var b=e.submitter;var err=document.getElementById('sigerr');
if(b&&b.value==='setuju'){
if(!drawn){e.preventDefault();err.hidden=false;return;}
err.hidden=true;document.getElementById('signature').value=c.toDataURL('image/png');
}
});
})();`
