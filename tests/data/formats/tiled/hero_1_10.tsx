<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="hero" tilewidth="32" tileheight="32" tilecount="2" columns="2" objectalignment="bottom" tilerendersize="grid" fillmode="preserve-aspect-fit">
 <tileoffset x="0" y="4"/>
 <grid orientation="orthogonal" width="32" height="32"/>
 <transformations hflip="1" vflip="0" rotate="0" preferuntransformed="1"/>
 <image source="hero.png" width="64" height="32"/>
 <tile id="0">
  <objectgroup draworder="index" id="2">
   <object id="1" name="body" type="hurtbox" x="8" y="4" width="16" height="26"/>
   <object id="2" name="spawn" x="16" y="30">
    <point/>
   </object>
   <object id="3" name="label" x="0" y="0" width="20" height="10">
    <text wrap="1">hit</text>
   </object>
  </objectgroup>
 </tile>
 <tile id="1">
  <objectgroup draworder="index" id="2">
   <object id="1" template="hitbox.tx" x="20" y="10"/>
   <object id="2" name="blade" type="hitbox" x="20" y="10" width="10" height="4" rotation="30"/>
  </objectgroup>
 </tile>
 <wangsets>
  <wangset name="ground" type="corner" tile="-1">
   <wangcolor name="grass" color="#ff0000" tile="-1" probability="1"/>
   <wangtile tileid="0" wangid="0,1,0,1,0,1,0,1"/>
  </wangset>
 </wangsets>
</tileset>
