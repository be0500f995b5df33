<?xml version="1.0" encoding="UTF-8"?>
<tileset version="1.10" tiledversion="1.10.2" name="hexes_flat" tilewidth="32" tileheight="28" tilecount="4" columns="4">
 <image source="hexes_flat.png" width="128" height="28"/>
 <tile id="0">
  <properties>
   <property name="terrain" value="open"/>
  </properties>
 </tile>
 <tile id="1">
  <properties>
   <property name="terrain" value="wall"/>
  </properties>
 </tile>
 <tile id="2">
  <properties>
   <property name="terrain" value="fire"/>
   <property name="stage" value="flames"/>
  </properties>
 </tile>
 <tile id="3">
  <properties>
   <property name="terrain" value="fire"/>
   <property name="stage" value="coals"/>
  </properties>
 </tile>
</tileset>
