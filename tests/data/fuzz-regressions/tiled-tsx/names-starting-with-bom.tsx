<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="﻿es" tilewidth="16" tileheight="16" tilecount="4" columns="2">
 <image source="tiles.png" width="32" height="32"/>
 <tile id="1">
  <objectgroup draworder="index" id="2">
   <object id="1" x="3" y="2" width="10" height="12"/>
   <object id="2" name="﻿foot" x="3.25" y="11">
    <polygon points="0,0 5.75,-6 8.75,-1 4.25,2.25"/>
   </object>
  </objectgroup>
 </tile>
</tileset>
