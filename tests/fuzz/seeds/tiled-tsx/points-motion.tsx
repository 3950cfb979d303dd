<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.8" name="hero" tilewidth="15" tileheight="20" tilecount="2" columns="0">
 <grid orientation="orthogonal" width="1" height="1"/>
 <tile id="0">
  <properties>
   <property name="frame" value="a"/>
   <property name="originX" type="float" value="10"/>
   <property name="originY" type="float" value="20"/>
   <property name="sprite" value="hero"/>
  </properties>
  <objectgroup draworder="index">
   <object id="1" name="body" type="hurtbox" x="5" y="0" width="10" height="20"/>
   <object id="2" name="tip" type="points" x="15" y="10">
    <point/>
   </object>
  </objectgroup>
 </tile>
 <tile id="1">
  <properties>
   <property name="frame" value="b"/>
   <property name="originX" type="float" value="10"/>
   <property name="originY" type="float" value="20"/>
   <property name="sprite" value="hero"/>
   <property name="motionX" type="float" value="2.5"/>
   <property name="motionY" type="float" value="-1"/>
  </properties>
  <objectgroup draworder="index">
   <object id="1" name="hand" type="points" x="12" y="18">
    <point/>
   </object>
   <object id="2" name="tip" type="points" x="16" y="10">
    <point/>
   </object>
  </objectgroup>
 </tile>
</tileset>
